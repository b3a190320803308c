/** Boundaries of docs/design.md#shape-and-dependencies, checked on every `make test`. */
const CONTEXTS =
  'identity|directory|projects|milestones|payments|disputes|agreements|admin|operations|audit|webhooks|read-models|command-side|mail|retainage|lien-waivers|held-funds|attachments|observability';
/**
 * Folders of a context that hold what its slices share, not a use case: its tables
 * (infrastructure), the upload intake, the file store and the virus scan (attachments), the
 * correlation, logging, metrics and tracing every process uses (observability).
 */
const SHARED_FOLDERS = 'infrastructure|intake|storage|scan|correlation|logging|metrics|tracing';
module.exports = {
  forbidden: [
    { name: 'no-cycles', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'domain-is-pure',
      comment: 'domain/ depends on nothing of ours and does no I/O (its specs may read docs/ to check the examples there)',
      severity: 'error',
      from: { path: '^domain/src', pathNot: '\\.spec\\.ts$' },
      to: { path: '^(backend|projections|frontend)/|^node_modules/(pg|typeorm|@nestjs|react|axios)|^(fs|net|http|child_process)$' },
    },
    {
      name: 'projections-not-backend',
      severity: 'error',
      from: { path: '^projections/src' },
      to: { path: '^(backend|frontend)/' },
    },
    {
      name: 'frontend-only-pure-domain',
      severity: 'error',
      from: { path: '^frontend/src' },
      to: { path: '^(backend|projections)/' },
    },
    ...[
      ['backend', '(domain|projections)'],
      ['projections', 'domain'],
      ['frontend', 'domain'],
    ].map(([from, to]) => ({
      name: `${from}-uses-public-entries`,
      comment: 'import another workspace through its public entry, not its src/ internals',
      severity: 'error',
      from: { path: `^${from}/` },
      to: { path: `^${to}/src/.+`, pathNot: '^(domain|projections)/src/index\\.ts$' },
    })),
    {
      name: 'contexts-meet-through-their-index',
      comment: "a context of the backend uses another context only through that context's index.ts (its public surface)",
      severity: 'error',
      from: { path: `^backend/src/(${CONTEXTS})/` },
      to: { path: `^backend/src/(${CONTEXTS})/`, pathNot: ['^backend/src/$1/', `^backend/src/(${CONTEXTS})/index\\.ts$`] },
    },
    {
      name: 'floors-point-down',
      comment:
        'configuration, infrastructure, the HTTP edge and the event store are the floors every context stands on: they import no context, no seed and nothing of the composition root (app.module.ts, schema.ts, bootstrap.ts)',
      severity: 'error',
      from: { path: '^backend/src/(config|infrastructure|http|event-store)/', pathNot: '\\.spec\\.ts$' },
      to: { path: `^backend/src/((${CONTEXTS}|seed)/|[^/]+\\.ts$)` },
    },
    {
      name: 'observability-stands-below-the-contexts',
      comment:
        'every context correlates, traces and counts its work, so observability imports none of them; operations, which reports on all of them, is the one above it (the metrics wiring asks it for readiness)',
      severity: 'error',
      from: { path: '^backend/src/observability/' },
      to: { path: `^backend/src/(${CONTEXTS})/`, pathNot: '^backend/src/(observability|operations)/' },
    },
    {
      name: 'seed-uses-context-indexes',
      comment: 'the demo seed uses a context only through its index.ts, as contexts use each other',
      severity: 'error',
      from: { path: '^backend/src/seed/' },
      to: { path: `^backend/src/(${CONTEXTS})/`, pathNot: `^backend/src/(${CONTEXTS})/index\\.ts$` },
    },
    {
      name: 'slices-stand-alone',
      comment: "a use-case slice (backend/src/<context>/<use-case>/) uses its context's shared files and folders (SHARED_FOLDERS), never another slice's",
      severity: 'error',
      from: { path: `^backend/src/(${CONTEXTS})/([^/]+)/` },
      to: { path: '^backend/src/$1/[^/]+/', pathNot: ['^backend/src/$1/$2/', `^backend/src/$1/(${SHARED_FOLDERS})/`] },
    },
    {
      name: 'features-stand-alone',
      comment:
        'a frontend feature never imports another feature (shared code lives in api/, components/, lib/ or the domain contract; pages and app compose features)',
      severity: 'error',
      from: { path: '^frontend/src/features/([^/]+)/' },
      to: { path: '^frontend/src/features/', pathNot: '^frontend/src/features/$1/' },
    },
    {
      name: 'features-stand-below-app',
      comment:
        'app/ (router, layout, providers) composes features, so a feature, its tests included, never imports it: what both need, such as the antd theme, lives in components/ or lib/',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/app/' },
    },
    {
      name: 'features-stand-below-pages',
      comment:
        'pages/ lay features out on routes, so a feature, its tests included, never imports a page: a test that renders a whole page lives beside the pages',
      severity: 'error',
      from: { path: '^frontend/src/features/' },
      to: { path: '^frontend/src/pages/' },
    },
    {
      name: 'shared-frontend-code-stands-below-features',
      comment: 'api/, components/ and lib/ are used by features, never the other way round',
      severity: 'error',
      from: { path: '^frontend/src/(api|components|lib)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^frontend/src/(features|pages|app)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    combinedDependencies: false,
  },
};
