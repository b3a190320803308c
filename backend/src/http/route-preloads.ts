import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** A route of the UI and its chunks beyond the entry, as the build lists them (dist/.vite/route-preloads.json). */
export interface RoutePreload {
  /** React Router's full path pattern: '' for the home page, ':name' for a parameter, a trailing '*' for the rest. */
  path: string;
  files: string[];
}

/** The build's list of routes, or none when the build has none (an older build, or no UI). */
export function readRoutePreloads(frontendDist: string): RoutePreload[] {
  const file = join(frontendDist, '.vite', 'route-preloads.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as RoutePreload[]) : [];
}

/** How well a pattern matches a path: null when it does not; more static segments rank higher, as in React Router. */
function score(pattern: string, segments: string[]): number | null {
  const parts = pattern.split('/').filter(Boolean);
  let points = 0;
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!;
    if (part === '*') return points;
    const segment = segments[i];
    if (segment === undefined) return null;
    if (part.startsWith(':')) points += 2;
    else if (part === segment) points += 10;
    else return null;
  }
  return parts.length === segments.length ? points + 1 : null;
}

/** The chunks and style sheets of the route `path` (a URL path, without the query) renders, for index.html's links. */
export function preloadsFor(path: string, routes: RoutePreload[]): string[] {
  const segments = path.split('/').filter(Boolean);
  let best: { points: number; files: string[] } | null = null;
  for (const route of routes) {
    const points = score(route.path, segments);
    if (points !== null && (best === null || points > best.points)) best = { points, files: route.files };
  }
  return best?.files ?? [];
}

/**
 * index.html with a `<link rel="modulepreload">` per chunk of the route and a `<link
 * rel="stylesheet">` per style sheet of it: the browser fetches the page's code and styles beside
 * the entry's, instead of after the entry has run and the router asked for them (a lazy route
 * waits for its styles before it renders; Vite's loader finds the sheet already linked and does
 * not ask again). `crossorigin` as on Vite's own links, so the preloaded modules are the ones the
 * app imports.
 */
export function withPreloads(indexHtml: string, files: string[]): string {
  if (files.length === 0 || !indexHtml.includes('</head>')) return indexHtml;
  const links = files
    .map((file) =>
      /^assets\/[\w.-]+\.js$/.test(file)
        ? `<link rel="modulepreload" crossorigin href="/${file}">`
        : /^assets\/[\w.-]+\.css$/.test(file)
          ? `<link rel="stylesheet" crossorigin href="/${file}">`
          : '',
    )
    .join('');
  return indexHtml.replace('</head>', `${links}</head>`);
}
