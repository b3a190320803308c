import { build } from 'vite';

import config from './vite.config';

/** Playwright's global set-up for the design test: the harness is built once per run (~10 s). */
export default async function buildHarness() {
  await build({ ...config, configFile: false });
}
