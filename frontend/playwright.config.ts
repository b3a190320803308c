import { defineConfig } from '@playwright/test';

import { e2eEnvironment, e2eWorkers } from './e2e/support/environment';

// Ports are chosen once, in the runner; workers inherit them through the environment. This file
// is loaded again in each worker, where TEST_PARALLEL_INDEX names its slot: baseURL is then the
// server of that worker (global-setup.ts starts one per slot).
const env = e2eEnvironment();

export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
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
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
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
