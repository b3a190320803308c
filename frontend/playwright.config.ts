import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

import { e2eEnvironment, e2eWorkers } from './e2e/support/environment';

// Ports are chosen once, in the runner; workers inherit them through the environment. This file
// is loaded again in each worker, where TEST_PARALLEL_INDEX names its slot: baseURL is then the
// server of that worker (global-setup.ts starts one per slot).
const env = e2eEnvironment();

// Headless runs use Debian's chromium-headless-shell, the build Playwright itself runs headless by
// default: the same Blink and V8 without the full browser's window layers. The suite took 278
// CPU-seconds of Chromium in it against 451 in /usr/bin/chromium (docs/testing.md). A person who
// watches (--headed, --ui, --debug) gets the full browser.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const watched = Boolean(process.env.PWDEBUG) || process.argv.some((arg) => ['--headed', '--ui', '--debug'].includes(arg));
const chromium = process.env.CHROMIUM_PATH || (!watched && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  // The design system's screenshot test has its own config (playwright.design.config.ts): no server.
  testIgnore: 'design/**',
  outputDir: '../.test-results/playwright-output',
  // Files are shared out between the workers; a file's tests run in order on one worker's server.
  fullyParallel: false,
  workers: e2eWorkers(),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  use: {
    baseURL: env.baseUrl,
    screenshot: 'only-on-failure',
    // As a user who asked for less motion (the theme turns antd's motion off; public-site.spec.ts checks): no dialog
    // is clicked while it still zooms in, and Chromium draws no animation frames nobody looks at.
    reducedMotion: 'reduce',
    trace: 'off',
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-dev-shm-usage',
      ],
    },
  },
});
