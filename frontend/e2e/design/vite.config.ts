import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The design harness (e2e/design/index.html): each light component beside its antd twin, built
 * for the screenshot test alone into .test-results/design-harness. It never reaches the app's build
 * (frontend/dist), whose entry is frontend/index.html.
 */
export const harnessOut = fileURLToPath(new URL('../../../.test-results/design-harness', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  base: './',
  plugins: [react()],
  logLevel: 'warn',
  build: { outDir: harnessOut, emptyOutDir: true, sourcemap: false, chunkSizeWarningLimit: 5000 },
});
