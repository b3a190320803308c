import { existsSync } from 'node:fs';

import { defineConfig } from '@playwright/test';

// The design system's screenshot test (e2e/design, docs/frontend.md "One look"): no server, no
// database; the harness is built by its global set-up and read through a route. Same browser and
// flags as the journeys (playwright.config.ts), which leave e2e/design out.
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const watched = Boolean(process.env.PWDEBUG) || process.argv.some((arg) => ['--headed', '--ui', '--debug'].includes(arg));
const chromium = process.env.CHROMIUM_PATH || (!watched && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : '/usr/bin/chromium');

export default defineConfig({
  testDir: './e2e/design',
  testMatch: 'design-system.spec.ts',
  outputDir: '../.test-results/design-output',
  // Baselines are kept in the repository, one image per pair, drawn by Debian's Chromium with the
  // machine's fonts (Liberation Sans for the theme's font stack).
  snapshotPathTemplate: '{testDir}/baselines/{arg}{ext}',
  globalSetup: './e2e/design/build-harness.ts',
  workers: 1,
  retries: 0,
  timeout: 300_000,
  reporter: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? [['list'], ['json']] : [['list']],
  expect: {
    // A pair against its own baseline: same browser, same fonts, same build, so not one pixel may
    // move (measured: identical run after run); a token changed by a single unit of one channel is seen.
    toHaveScreenshot: { animations: 'disabled', caret: 'hide', scale: 'css', maxDiffPixels: 0, threshold: 0 },
  },
  use: {
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    trace: 'off',
    actionTimeout: 10_000,
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
        '--font-render-hinting=none',
      ],
    },
  },
});
