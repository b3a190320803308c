#!/usr/bin/env node
// The JavaScript a browser downloads on the first load of a route: the entry chunk, the route's
// lazily imported page module, and every chunk they import statically, gzip-compressed.
// Usage: node scripts/bundle-sizes.mjs [--check]   (--check fails when home exceeds its budget)
import { readFileSync, existsSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const dist = join(root, 'frontend', 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
export const HOME_BUDGET_KB = 200;

/** Route → the page module its lazy route imports (see frontend/src/app/router.tsx). */
export const ROUTE_MODULES = {
  home: 'src/pages/HomePage.tsx',
  portal: 'src/pages/PortalPage.tsx',
  admin: 'src/pages/AdminPage.tsx',
};

export function measureRoutes() {
  if (!existsSync(manifestFile)) throw new Error('frontend/dist/.vite/manifest.json is missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const closure = (key, seen) => {
    if (!key || seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
  const results = {};
  for (const [route, module] of Object.entries(ROUTE_MODULES)) {
    if (!manifest[module]) continue;
    const keys = closure(module, closure(entryKey, new Set()));
    const files = [...new Set([...keys].map((k) => manifest[k].file))];
    const css = [...new Set([...keys].flatMap((k) => manifest[k].css ?? []))];
    results[route] = {
      jsKb: Math.round(files.reduce((t, f) => t + gzipKb(f), 0) * 10) / 10,
      cssKb: Math.round(css.reduce((t, f) => t + gzipKb(f), 0) * 10) / 10,
      chunks: files.length,
    };
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = measureRoutes();
  for (const [route, r] of Object.entries(results)) console.log(`${route.padEnd(7)} ${String(r.jsKb).padStart(7)} KB JS gzip in ${r.chunks} chunks, ${r.cssKb} KB CSS gzip`);
  if (process.argv.includes('--check')) {
    const home = results.home;
    if (!home || home.jsKb > HOME_BUDGET_KB) {
      console.error(`home page first-load JavaScript ${home?.jsKb} KB gzip exceeds the ${HOME_BUDGET_KB} KB budget`);
      process.exit(1);
    }
    console.log(`home page within its ${HOME_BUDGET_KB} KB budget`);
  }
}
