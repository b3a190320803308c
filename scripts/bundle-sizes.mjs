#!/usr/bin/env node
// The JavaScript a browser downloads on the first load of a route: the entry chunk, the page
// modules its lazy routes import (layouts included), and every chunk they import statically,
// gzip-compressed. Which modules a URL loads is read from the router itself
// (frontend/src/app/router.tsx, parsed with TypeScript and matched with React Router's own
// matchRoutes), and their chunks from Vite's manifest, so new routes need no list here.
// Usage: node scripts/bundle-sizes.mjs [--check]   (--check fails when a route of BUDGETS_KB exceeds its budget, or one of FILE_BUDGETS its file count)
import { readFileSync, existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gzipSync } from 'node:zlib';
import { join, posix, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const frontend = join(root, 'frontend');
const dist = join(frontend, 'dist');
const manifestFile = join(dist, '.vite', 'manifest.json');
const routerFile = 'src/app/router.tsx';
const requireFrontend = createRequire(join(frontend, 'package.json'));

/**
 * First-load JavaScript budgets, KB gzip, checked by `--check` (the `budget` suite of make test).
 * Issue 15: the public home page for a first visit on a phone; the portal's project list, where
 * every user lands after logging in; the admin console's dashboard, where admins land.
 * Issue 29: the screens where buyers, sellers, subcontractors and admins work, each about 2% above
 * what it measured, so that growth is a decision. The project page (target 250 KB) draws its cards,
 * buttons and tags in plain elements and loads antd with its first dialog, toast or form (~176 KB;
 * it was ~278 KB while the cards used antd's Button, Tag and Modal: docs/performance-history.md). The
 * login page, where every user starts, is its own route module with a plain form (~151 KB; it was
 * ~328 KB inside the form pages' module with antd's Form). The admin dashboard is plain elements in
 * AdminFrame (no antd theme) since issue 29 (~168 KB; ~299 KB with the theme), hence 172, not 350.
 * Issue 36 (one design system) costs every screen about 2.3 KB: the design tokens (0.8 KB, which
 * the antd theme now reads too), the alert's and the button's antd icons (the Dismiss cross, the
 * waiting circle) and the Icon they share. The other budgets absorb it; the new-project screen,
 * which had 1.3 KB left, is given 358 (it measured 356.0). Issue 37 (roles): every screen that
 * hides what a company role may not do carries the domain's permission table and its hook (1.0 KB);
 * the project page absorbs it (its lien waivers now load with the first card that has some,
 * 1.6 KB), the new-project screen, which had 0.4 KB left, is given 359 (it measured 358.6).
 * Issue 40 (screens at 90): the new-project screen draws its first paint with the light controls
 * and loads antd with the seller's choices and the milestone form (158.9 KB, hence 163, not 359).
 * With its antd gone from the shared chunks, Rolldown regrouped them (antd's core is now two
 * chunks, 45.1 + 14.3 KB, which compress less well than together): the lien-waiver list
 * (272.0 -> 273.5) and the admin project page (437.1 -> 438.7), whose modules did not change, are
 * given 274 and 440.
 * Issue 38 (progress billing): the project page asks for the billing view beside the project, to
 * know whether to open on the Billing tab (0.6 KB; the screens themselves load with the tab); it
 * measured 180.1, hence 182.
 */
export const BUDGETS_KB = {
  home: 200,
  login: 154,
  portal: 250,
  admin: 172,
  'portal project page': 182,
  'new project': 163,
  'lien waivers': 274,
  'admin project page': 440,
};

/**
 * First-load file counts, checked by `--check` beside the sizes. Issue 40: on a phone's few
 * connections each file is a request in a queue, and the project page's first load was 18 files,
 * 14 of them app modules of 1-2 KB; the `project-shared` group of frontend/vite.config.ts makes it
 * 8 (LCP 2.5 -> 2.2 s in Lighthouse, docs/performance-history.md, "The project page's code in fewer files").
 */
export const FILE_BUDGETS = {
  'portal project page': 8,
};

/** The first loads we report: a name and a URL of the app. */
export const ROUTES = {
  home: '/',
  login: '/login',
  portal: '/portal',
  'portal project page': '/portal/job/1',
  'new project': '/portal/new-project/customer',
  'lien waivers': '/portal/waivers',
  admin: '/admin',
  'admin project page': '/admin/job/1',
};

/**
 * The route tree of router.tsx as plain objects { path, index, children, modules }, where
 * modules are the files a route's own properties import lazily (`import('…')`, directly or
 * through a `const x = () => import('…')` of the file).
 */
export function routeTree() {
  const ts = requireFrontend('typescript');
  const file = join(frontend, routerFile);
  const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const importOf = (node) =>
    ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword && node.arguments[0] && ts.isStringLiteralLike(node.arguments[0])
      ? node.arguments[0].text
      : null;
  const lazyConsts = new Map();
  let routesArray = null;
  const visitTop = (node) => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer) {
      if (node.name.text === 'routes' && ts.isArrayLiteralExpression(node.initializer)) routesArray = node.initializer;
      const init = node.initializer;
      if (ts.isArrowFunction(init)) {
        const body = ts.isParenthesizedExpression(init.body) ? init.body.expression : init.body;
        const spec = importOf(body);
        if (spec) lazyConsts.set(node.name.text, spec);
      }
    }
    ts.forEachChild(node, visitTop);
  };
  visitTop(source);
  if (!routesArray) throw new Error(`${routerFile} has no \`routes\` array to read`);
  const modulesIn = (node, found) => {
    const spec = importOf(node);
    if (spec) found.add(spec);
    if (ts.isIdentifier(node) && lazyConsts.has(node.text)) found.add(lazyConsts.get(node.text));
    ts.forEachChild(node, (child) => {
      modulesIn(child, found); // forEachChild stops at the first callback that returns something
    });
    return found;
  };
  const toRoute = (object) => {
    const route = { modules: new Set() };
    for (const property of object.properties) {
      const name = property.name && ts.isIdentifier(property.name) ? property.name.text : null;
      if (name === 'path' && ts.isStringLiteralLike(property.initializer)) route.path = property.initializer.text;
      else if (name === 'index') route.index = property.initializer.kind === ts.SyntaxKind.TrueKeyword;
      else if (name === 'children' && ts.isArrayLiteralExpression(property.initializer))
        route.children = property.initializer.elements.filter(ts.isObjectLiteralExpression).map(toRoute);
      else modulesIn(property, route.modules);
    }
    return route;
  };
  return routesArray.elements.filter(ts.isObjectLiteralExpression).map(toRoute);
}

/** The manifest key of a module the router imports ('../pages/HomePage' → 'src/pages/HomePage.tsx'). */
function manifestKey(manifest, spec) {
  const base = posix.normalize(posix.join(posix.dirname(routerFile), spec));
  return ['', '.tsx', '.ts', '.jsx', '.js', '/index.tsx', '/index.ts'].map((ext) => base + ext).find((key) => manifest[key]) ?? null;
}

/**
 * Each budget against its route's measure: what `--check` prints, one line per route, and whether
 * it holds. An over-budget line names the largest chunks, where the weight to take out is.
 */
export function checkBudgets(results, budgets = BUDGETS_KB) {
  return Object.entries(budgets).map(([route, budget]) => {
    const r = results[route];
    if (!r) return { route, ok: false, line: `${route}: no such route in ROUTES of scripts/bundle-sizes.mjs` };
    if (!r.built) return { route, ok: false, line: `${route} (${r.url}): not built (${r.reason}), so its ${budget} KB budget cannot be checked` };
    if (r.jsKb <= budget) return { route, ok: true, line: `${route} (${r.url}): ${r.jsKb} KB of first-load JavaScript, gzip, within its ${budget} KB budget` };
    const largest = r.files
      .slice(0, 4)
      .map((f) => `${f.file} ${f.kb.toFixed(1)} KB`)
      .join(', ');
    return {
      route,
      ok: false,
      line:
        `${route} (${r.url}): ${r.jsKb} KB of first-load JavaScript, gzip, exceeds its ${budget} KB budget by ${(r.jsKb - budget).toFixed(1)} KB. ` +
        `Largest chunks: ${largest}. Load what the first paint does not need later (docs/performance.md, "Frontend bundle sizes").`,
    };
  });
}

/** Each file budget against its route's count of first-load JavaScript files, as checkBudgets does for sizes. */
export function checkFileBudgets(results, budgets = FILE_BUDGETS) {
  return Object.entries(budgets).map(([route, budget]) => {
    const r = results[route];
    if (!r?.built) return { route, ok: false, line: `${route}: not built, so its budget of ${budget} files cannot be checked` };
    if (r.chunks <= budget) return { route, ok: true, line: `${route} (${r.url}): ${r.chunks} JavaScript files on its first load, within its ${budget}` };
    return {
      route,
      ok: false,
      line:
        `${route} (${r.url}): ${r.chunks} JavaScript files on its first load, over its ${budget}: ${r.files.map((f) => f.file).join(', ')}. ` +
        `Each is a request queued on a phone's connections (the project-shared group in frontend/vite.config.ts).`,
    };
  });
}

/**
 * What each route loads beyond the entry, for the server to name in index.html
 * (`<link rel="modulepreload">`, `<link rel="stylesheet">`) so the browser fetches a page's chunks
 * and styles with the entry instead of after it has run: one entry per route of router.tsx, its
 * full path pattern ('' for the index, ':name' and a trailing '*' as React Router writes them) and
 * its JavaScript files, in the manifest's order, then its CSS files. (A lazy route waits for its
 * CSS before it renders: asked for only once the entry runs, it was a round trip more before the
 * first paint.) Written by the build (frontend/vite.config.ts) to dist/.vite/route-preloads.json.
 */
export function routePreloads(manifest) {
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const closure = (key, seen) => {
    if (!key || seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const fromEntry = closure(entryKey, new Set());
  const entryCss = new Set([...fromEntry].flatMap((k) => manifest[k].css ?? []));
  const out = [];
  const walk = (routes, parentPath, parentModules) => {
    for (const route of routes) {
      const path = [parentPath, route.path ?? ''].filter(Boolean).join('/');
      const modules = [...parentModules, ...route.modules];
      if (route.children) walk(route.children, path, modules);
      if (route.path === undefined && !route.index) continue;
      const keys = modules.map((spec) => manifestKey(manifest, spec)).filter(Boolean);
      const own = [...keys.reduce((seen, key) => closure(key, seen), new Set())].filter((k) => !fromEntry.has(k));
      const files = own.map((k) => manifest[k].file);
      const css = own.flatMap((k) => manifest[k].css ?? []).filter((file) => !entryCss.has(file));
      out.push({ path, files: [...new Set([...files, ...css])] });
    }
  };
  walk(routeTree(), '', []);
  return out;
}

/** First-load sizes per route of ROUTES; a route whose page chunk is missing is reported as not built. */
export function measureRoutes(routes = ROUTES) {
  if (!existsSync(manifestFile)) throw new Error('frontend/dist/.vite/manifest.json is missing: run `npm run build` first');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  const { matchRoutes } = requireFrontend('react-router');
  const tree = routeTree();
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry);
  const closure = (key, seen) => {
    if (!key || seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) closure(imported, seen);
    return seen;
  };
  const gzipKb = (file) => gzipSync(readFileSync(join(dist, file))).length / 1024;
  const results = {};
  for (const [route, url] of Object.entries(routes)) {
    const matches = matchRoutes(tree, url) ?? [];
    const specs = [...new Set(matches.flatMap((m) => [...m.route.modules]))];
    // A route that only matches the catch-all, or imports nothing, has no page of its own yet.
    const own = matches.filter((m) => m.route.path !== '*' && m.route.modules.size > 0);
    const keys = specs.map((spec) => manifestKey(manifest, spec));
    if (own.length === 0 || keys.some((k) => k === null)) {
      results[route] = {
        url,
        built: false,
        reason: own.length === 0 ? 'no route of its own in router.tsx' : `no chunk for ${specs[keys.indexOf(null)]} in the build`,
      };
      continue;
    }
    const all = keys.reduce((seen, key) => closure(key, seen), closure(entryKey, new Set()));
    const files = [...new Set([...all].map((k) => manifest[k].file))].map((file) => ({ file, kb: gzipKb(file) })).sort((a, b) => b.kb - a.kb);
    // With one style sheet for the whole app (vite.config.ts, cssCodeSplit: false) the manifest
    // names it apart ('style.css'), and index.html links it on every page.
    const css = [...new Set([...all].flatMap((k) => manifest[k].css ?? []).concat(manifest['style.css'] ? [manifest['style.css'].file] : []))];
    results[route] = {
      url,
      built: true,
      modules: keys,
      jsKb: Math.round(files.reduce((t, f) => t + f.kb, 0) * 10) / 10,
      cssKb: Math.round(css.reduce((t, f) => t + gzipKb(f), 0) * 10) / 10,
      chunks: files.length,
      /** The JavaScript files of the first load, largest first (gzip KB). */
      files,
    };
  }
  return results;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const results = measureRoutes();
  for (const [route, r] of Object.entries(results)) {
    if (!r.built) console.log(`${route.padEnd(20)} not built (${r.url}: ${r.reason})`);
    else
      console.log(
        `${route.padEnd(20)} ${String(r.jsKb).padStart(7)} KB JS gzip in ${r.chunks} chunks, ${r.cssKb} KB CSS gzip (${r.url}: ${r.modules.join(', ')})`,
      );
  }
  if (process.argv.includes('--check')) {
    const checks = [...checkBudgets(results), ...checkFileBudgets(results)];
    for (const c of checks) (c.ok ? console.log : console.error)(`${c.ok ? 'ok  ' : 'FAIL'} ${c.line}`);
    if (checks.some((c) => !c.ok)) process.exit(1);
  }
}
