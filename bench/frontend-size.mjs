// Gzip size of the first load of home, portal and admin, from the production build.
import { HOME_BUDGET_KB, measureRoutes } from '../scripts/bundle-sizes.mjs';
import { machine, markdownTable, writeSection } from './lib/harness.mjs';

export async function runFrontendSizeBenchmark() {
  const results = measureRoutes();
  const rows = Object.entries(results).map(([route, r]) => [route, `${r.jsKb} KB`, `${r.cssKb} KB`, String(r.chunks)]);
  const table = markdownTable(['route (first load)', 'JavaScript, gzip', 'CSS, gzip', 'chunks'], rows);
  console.log(table);
  writeSection(
    'frontend',
    `## Frontend bundle sizes

Command: \`make bench\` (part \`frontend\`; \`node scripts/bundle-sizes.mjs\`), on the production build
(\`npm run build\`). A route's first load is the entry chunk, the route's lazily loaded page module and
every chunk they import statically. Budget: home ≤ ${HOME_BUDGET_KB} KB gzip, checked by \`make test\`
(suite \`budget\`). Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.

${table}

The home page keeps Ant Design out of its first load: the header, footer and contractor search use plain
elements, and the login modal (with the UI library) loads when it is opened.`,
  );
  return results;
}
