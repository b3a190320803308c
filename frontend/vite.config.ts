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

/** Packages a first paint must not load (docs/frontend.md#conventions, Weight): the UI library and the charts. */
const HEAVY = /[\\/]node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|recharts|d3-[\w-]+)[\\/]/;
const APP_SOURCE = /[\\/](frontend|domain)[\\/]src[\\/]/;

/**
 * The project page's shared code as one file (docs/performance-history.md, "The project page's code in
 * fewer files"). Its first load was eighteen files, fourteen of them app modules of 1-2 KB it
 * shares with other portal and console screens, each a request queued on a phone's few
 * connections. This group takes the app modules the project page imports statically that lead to
 * no heavy package and to nothing the public pages (home, login) load, since a group also takes
 * its modules' dependencies: those pages load none of it. The module graph is read when the build
 * ends, before the chunks are made.
 */
function projectPageShared(): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>();
  const closure = (roots: Iterable<string>): Set<string> => {
    const seen = new Set<string>();
    const visit = (id: string) => {
      if (seen.has(id)) return;
      seen.add(id);
      for (const next of imports.get(id) ?? []) visit(next);
    };
    for (const id of roots) visit(id);
    return seen;
  };
  const page = (...files: string[]) => closure([...imports.keys()].filter((id) => files.some((file) => id.endsWith(file))));
  let captured: Set<string> | null = null;
  const compute = (): Set<string> => {
    const publicPages = page('src/pages/HomePage.tsx', 'src/pages/LoginPage.tsx');
    // What the entry loads is on every page already (the `app` group): depending on it costs nothing.
    const entry = page('src/main.tsx');
    const clean = (id: string) => !HEAVY.test(id) && (entry.has(id) || !publicPages.has(id));
    const candidates = [...page('src/pages/portal/ProjectPage.tsx')].filter((id) => APP_SOURCE.test(id) && !entry.has(id));
    return new Set(candidates.filter((id) => [...closure([id])].every(clean)));
  };
  return {
    plugin: {
      name: 'escrow-project-page-shared',
      apply: 'build',
      buildEnd() {
        for (const id of this.getModuleIds()) imports.set(id, this.getModuleInfo(id)?.importedIds ?? []);
        captured = null;
      },
    },
    test: (id) => (captured ??= compute()).has(id),
  };
}

const projectShared = projectPageShared();

export default defineConfig({
  plugins: [react(), precompress(), projectShared.plugin],
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
    // render-blocking ones per screen, each a round trip on a phone (docs/performance-history.md, "LCP under 2.5 s").
    cssCodeSplit: false,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically is loaded by every page anyway: one chunk,
          // not the twenty-odd small shared chunks the automatic split made of it (same page).
          groups: [
            { name: 'app', tags: ['$initial'] },
            { name: 'project-shared', test: projectShared.test, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
