// Gzip size of the first load of the screens of ROUTES (scripts/bundle-sizes.mjs), from the
// production build; the routes' chunks are found through the router and Vite's manifest.
import { BUDGETS_KB, measureRoutes } from '../scripts/bundle-sizes.mjs';
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
Budgets, checked by \`make test\` (suite \`budget\`, \`node scripts/bundle-sizes.mjs --check\`): ${Object.entries(BUDGETS_KB)
      .map(([route, kb]) => `${route} ≤ ${kb} KB`)
      .join(', ')} of JavaScript, gzip.
Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}

What each first load holds and why (issue 15): the entry (React, react-dom, React Router, react-query) and
the API client (axios) are ~135 KB of every route. The home page adds no UI library: header, footer and contractor
search are plain elements, and the login modal (with Ant Design) loads when it is opened. The portal's project list
is plain HTML too (\`LightTable\`, a card per project on a phone); Ant Design loads only for its toasts and the
discard dialog, when first needed. The admin dashboard is its own route module (the payments, reports and disputes
pages each have theirs, so it does not pay for their forms and dialogs); it draws its frame, figures and
\`LightTable\` without antd (\`AdminFrame\`), and asks for recharts (~107 KB) once the figures have painted, behind
placeholders of the charts' size and name. The login page is a route module of its own with a plain form; its
second-factor step loads antd when an account needs it. The portal project page (issue 29) draws its frame, cards,
buttons, tags and files in plain elements and loads Ant Design with its first dialog, toast, form or tab. The
lien-waiver list is a \`LightTable\`.`,
  );
  return results;
}
