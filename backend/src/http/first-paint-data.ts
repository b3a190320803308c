/**
 * The API answers a screen's first paint waits for, named in the page the API sends for it
 * (`<link rel="preload" as="fetch" crossorigin>`): the browser asks for them while it reads the
 * page, beside the scripts, instead of once the scripts have loaded and run (issue 40, LCP). The
 * app takes them with a `fetch` of the same URL (frontend/src/lib/first-paint-get.ts); its list is
 * frontend/src/app/first-paint-data.ts, and the two must stay alike, or the browser asks twice.
 * These are GETs the app makes on that screen anyway, with the same cookies: a preload changes
 * when they leave, not what they answer or to whom.
 */
export function firstPaintData(path: string): string[] {
  // Every screen asks who is signed in first (its access check, the header).
  const urls = ['/api/user'];
  // The project page's heading waits for the project, its terms line and how it bills.
  const project = /^\/portal\/job\/([1-9]\d{0,15})\/?$/.exec(path)?.[1];
  if (project) urls.push(`/api/job/${project}`, `/api/job/${project}/retainage`, `/api/job/${project}/schedule`);
  return urls;
}

/** index.html with a preload link per answer, first in its head so they leave before the scripts. */
export function withDataPreloads(indexHtml: string, urls: string[]): string {
  if (urls.length === 0 || !indexHtml.includes('<head>')) return indexHtml;
  const links = urls
    .filter((url) => /^\/api\/[\w/-]+$/.test(url))
    .map((url) => `<link rel="preload" as="fetch" crossorigin href="${url}">`)
    .join('');
  return indexHtml.replace('<head>', `<head>${links}`);
}
