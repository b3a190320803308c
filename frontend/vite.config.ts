import { fileURLToPath } from 'node:url';

import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const domainSource = fileURLToPath(new URL('../domain/src/index.ts', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    // The domain package is compiled to CommonJS for Node; the browser build uses its sources.
    alias: { '@escrow/domain': domainSource },
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // The manifest lets scripts/bundle-sizes.mjs measure what each route loads first.
    manifest: true,
  },
});
