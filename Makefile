# The two commands of the README. Everything else is a helper of theirs.
SHELL := /bin/bash
NPM_INSTALL_STAMP := node_modules/.install-stamp

.PHONY: start test bench install build chromium clean test-unit test-e2e

## make start: install, build, start embedded PostgreSQL, migrate, seed demo data, serve on :3000
start: build
	@node backend/dist/main.js

## make test: install what tests need and run every suite; ends with `N passed, N failed`
test: build chromium
	@node scripts/run-tests.mjs

## make bench: the benchmarks of docs/performance.md
bench: build
	@node bench/run-all.mjs

install: $(NPM_INSTALL_STAMP)

$(NPM_INSTALL_STAMP): package.json package-lock.json domain/package.json projections/package.json backend/package.json frontend/package.json bench/package.json
	@# npm ci rejects this lock file (npm 11 leaves foreign-platform optional packages out of it); install honours it.
	npm install --no-audit --no-fund
	@touch $@

build: install
	npm run build --silent

## Debian's Chromium for the browser tests (Playwright never downloads a browser here).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium is missing: run 'sudo apt-get install -y chromium'" >&2; exit 1; fi; }

test-unit: build
	@node scripts/run-tests.mjs typecheck deps jest vitest

test-e2e: build chromium
	@node scripts/run-tests.mjs e2e

clean:
	rm -rf node_modules */node_modules */dist .test-results
