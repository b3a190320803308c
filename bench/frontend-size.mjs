// Gzip size of the first load of home, portal (list and a project page) and admin, from the
// production build; the routes' chunks are found through the router and Vite's manifest.
import { HOME_BUDGET_KB, measureRoutes } from '../scripts/bundle-sizes.mjs';
import { machine, markdownTable, writeSection } from './lib/harness.mjs';

export async function runFrontendSizeBenchmark() {
  const results = measureRoutes();
  const rows = Object.entries(results).map(([route, r]) =>
    r.built
      ? [route, `\`${r.url}\``, `${r.jsKb} KB`, `${r.cssKb} KB`, String(r.chunks), r.modules.map((m) => `\`${m}\``).join(', ')]
      : [route, `\`${r.url}\``, 'not built', '', '', r.reason],
  );
  const table = markdownTable(['route (first load)', 'URL', 'JavaScript, gzip', 'CSS, gzip', 'chunks', 'page modules'], rows);
  console.log(table);
  writeSection(
    'frontend',
    `## Frontend bundle sizes

Command: \`make bench\` (part \`frontend\`; \`node scripts/bundle-sizes.mjs\`), on the production build
(\`npm run build\`). A route's first load is the entry chunk, the modules its lazy routes import (found by reading
\`frontend/src/app/router.tsx\` and matching the URL with React Router's \`matchRoutes\`) and every chunk they import
statically, from Vite's manifest; a route without a page of its own or without a chunk in the build shows as not built.
Budget: home ≤ ${HOME_BUDGET_KB} KB gzip, checked by \`make test\` (suite \`budget\`).
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}

The home page keeps Ant Design out of its first load: the header, footer and contractor search use plain
elements, and the login modal (with the UI library) loads when it is opened. The portal pages load Ant Design
(table, form, card) with the page. \`/admin\` is still the placeholder page on this branch; the admin console
being built on another branch will show here once merged, with no change to this script.`,
  );
  return results;
}
