import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

import { routePreloads } from '../scripts/bundle-sizes.mjs';

const domainSource = fileURLToPath(new URL('../domain/src/index.ts', import.meta.url));

/**
 * Lists each route's chunks for the API (dist/.vite/route-preloads.json), then writes a Brotli (.br) and a gzip (.gz) copy beside every text file of the build, which the API's
 * static file serving (@fastify/static, `preCompressed`) sends to browsers that accept them:
 * compressed once at build time at the highest levels, never per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'escrow-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir.startsWith('/') ? config.build.outDir : join(config.root, config.build.outDir);
    },
    closeBundle() {
      // Each route's chunks beyond the entry, which the API names in index.html (modulepreload).
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8'));
      writeFileSync(join(outDir, '.vite', 'route-preloads.json'), JSON.stringify(routePreloads(manifest)));
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const path = join(dir, name);
          return statSync(path).isDirectory() ? walk(path) : [path];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|css|html|svg|json|txt|webmanifest)$/.test(file) || file.includes('/.vite/')) continue;
        const bytes = readFileSync(file);
        if (bytes.length < 1024) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
        );
        writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
    // One style sheet for the app (about 9 KB gzip): one request instead of four to eight
    // render-blocking ones per screen, each a round trip on a phone (docs/performance.md, "LCP under 2.5 s").
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded by every page anyway: one chunk,
          // not the twenty-odd small shared chunks the automatic split made of it (same page).
          groups: [{ name: 'app', tags: ['$initial'] }],
        },
      },
    },
  },
});
