# The two commands of the README. Everything else is a helper of theirs.
SHELL := /bin/bash
NPM_INSTALL_STAMP := node_modules/.install-stamp

.PHONY: start test bench install build test-tools bench-tools hooks lint fmt clean test-unit test-e2e test-reliability

## make start: install, build, start embedded PostgreSQL, migrate, seed demo data, serve on :3000
## (the sandbox demo holds payouts 60 s after a payout account change, not 3 business days).
## Demo data only here, on a person's own machine: the app alone (the image, compose) starts empty.
start: build hooks
	@SEED_DEMO_DATA=$${SEED_DEMO_DATA:-true} PAYOUT_CHANGE_HOLD=$${PAYOUT_CHANGE_HOLD:-60s} node backend/dist/main.js

## make test: install what tests need and run every suite; ends with `N passed, N failed`
test: build test-tools hooks
	@node scripts/run-tests.mjs

## make bench: the benchmarks of docs/performance.md
bench: build bench-tools
	@node bench/run-all.mjs

## Debian's full Chromium, which the Lighthouse part of the bench drives (never a downloaded browser).
bench-tools:
	@command -v chromium >/dev/null 2>&1 || { \
	   if [ "$$(id -u)" = 0 ]; then echo "installing chromium"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	   else echo "Missing Debian package: chromium (sudo apt-get install -y chromium)" >&2; exit 1; fi; }

install: $(NPM_INSTALL_STAMP)

## Exactly what the lock file names, and the lock file is never rewritten: a fresh clone stays
## clean after make start. npm ci starts from an empty node_modules, so it runs only when
## node_modules is missing or older than a package.json or the lock (to change dependencies, run
## npm install yourself and commit the lock it writes).
## Each step says one line; its whole output goes to .make.log, and to the screen only when it
## fails (scripts/step.mjs; MAKE_VERBOSE=1 shows everything as it comes).
$(NPM_INSTALL_STAMP): package.json package-lock.json domain/package.json projections/package.json backend/package.json frontend/package.json bench/package.json
	@node scripts/step.mjs "Installing the packages of package-lock.json (npm ci)" npm ci --no-audit --no-fund
	@touch $@

build: install
	@node scripts/step.mjs "Building domain, projections, backend and frontend" npm run build --silent

## Debian packages the tests use: Chromium's headless shell for the browser tests (Playwright
## never downloads a browser here; a headed run wants the full `chromium` package),
## docker-compose to validate docker-compose.yml without a Docker engine, clamd for the
## virus scan of uploads (the test starts its own, with a test signature: nothing is downloaded),
## and prometheus for its promtool, which checks and unit-tests the alert rules (no daemon runs).
test-tools:
	@missing=""; command -v chromium-headless-shell >/dev/null 2>&1 || missing="$$missing chromium-headless-shell"; \
	 command -v promtool >/dev/null 2>&1 || missing="$$missing prometheus"; \
	 [ -x /usr/sbin/clamd ] || missing="$$missing clamav-daemon"; \
	 { docker compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1; } || missing="$$missing docker-compose"; \
	 if [ -n "$$missing" ]; then \
	   if [ "$$(id -u)" = 0 ]; then echo "installing$$missing"; apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null; \
	   else echo "Missing Debian packages:$$missing (sudo apt-get install -y$$missing)" >&2; exit 1; fi; fi
	@# Debian's nginx, unpacked into .tools (not installed: no service set up, none started), for the
	@# test that runs deploy/nginx.conf in front of the API and reads its logs.
	@[ -x .tools/nginx/usr/sbin/nginx ] || { echo "unpacking Debian's nginx into .tools/nginx"; \
	   rm -rf .tools/nginx-deb && mkdir -p .tools/nginx-deb && \
	   { (cd .tools/nginx-deb && apt-get download nginx >/dev/null 2>&1) || \
	     { [ "$$(id -u)" = 0 ] && apt-get update -qq && (cd .tools/nginx-deb && apt-get download nginx >/dev/null 2>&1); }; } && \
	   dpkg -x .tools/nginx-deb/nginx_*.deb .tools/nginx && rm -rf .tools/nginx-deb; }

test-unit: build
	@node scripts/run-tests.mjs typecheck deps lint jest vitest

test-e2e: build test-tools
	@node scripts/run-tests.mjs e2e

## make test-reliability: only the worker kills, PostgreSQL restart and seeded simulation of
## docs/reliability.md (make test runs them too, last). Ends with `N passed, N failed`.
test-reliability: build
	@node scripts/run-tests.mjs reliability reliability-replay

## The repository's git hooks (.githooks: commit-msg checks the subject's length; docs/contributing.md).
## Outside a git work tree (an unpacked archive) there is nothing to install.
hooks:
	@if git rev-parse --is-inside-work-tree >/dev/null 2>&1 && [ "$$(git config core.hooksPath)" != .githooks ]; then \
	   git config core.hooksPath .githooks && echo "git hooks: core.hooksPath set to .githooks"; fi

## make lint: ESLint, Prettier's check, the API schemas and knip, as make test runs them
lint: install
	@node scripts/run-tests.mjs lint

## make fmt: mend what ESLint can and format everything Prettier knows
fmt: install
	npx eslint . --fix
	npx prettier --write . --log-level=warn

clean:
	rm -rf node_modules */node_modules */dist .test-results
