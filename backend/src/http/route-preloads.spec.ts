import { preloadsFor, type RoutePreload, withPreloads } from './route-preloads';

const routes: RoutePreload[] = [
  { path: '', files: ['assets/HomePage-aaaaaaaa.js'] },
  { path: 'login', files: ['assets/FormPages-bbbbbbbb.js'] },
  { path: 'portal', files: ['assets/PortalPage-cccccccc.js'] },
  { path: 'portal/job/:projectId', files: ['assets/ProjectPage-dddddddd.js'] },
  { path: 'portal/job/:projectId/ach', files: ['assets/AccountPages-eeeeeeee.js'] },
  { path: 'portal/new-project/:type', files: ['assets/NewProjectPage-ffffffff.js'] },
  { path: 'admin/signed/:contractName', files: ['assets/ProjectPages-gggggggg.js'] },
  { path: 'companies/*', files: ['assets/CompaniesPage-hhhhhhhh.js'] },
  { path: '*', files: ['assets/InfoPages-iiiiiiii.js'] },
];

describe('the chunks index.html names for a route', () => {
  it('finds the route a path renders, as React Router matches it', () => {
    expect(preloadsFor('/', routes)).toEqual(['assets/HomePage-aaaaaaaa.js']);
    expect(preloadsFor('/login', routes)).toEqual(['assets/FormPages-bbbbbbbb.js']);
    expect(preloadsFor('/portal/', routes)).toEqual(['assets/PortalPage-cccccccc.js']);
    expect(preloadsFor('/portal/job/42', routes)).toEqual(['assets/ProjectPage-dddddddd.js']);
    expect(preloadsFor('/portal/job/42/ach', routes)).toEqual(['assets/AccountPages-eeeeeeee.js']);
    expect(preloadsFor('/companies/roofing/phoenix', routes)).toEqual(['assets/CompaniesPage-hhhhhhhh.js']);
  });

  it('falls back to the catch-all for a path no route names, and to nothing without routes', () => {
    expect(preloadsFor('/no/such/page', routes)).toEqual(['assets/InfoPages-iiiiiiii.js']);
    expect(preloadsFor('/portal/job', routes)).toEqual(['assets/InfoPages-iiiiiiii.js']);
    expect(preloadsFor('/portal', [])).toEqual([]);
  });

  it('adds a modulepreload link per script and a stylesheet link per style sheet before </head>, and only for the build assets', () => {
    const html = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-eeeeeeee.js"></script></head><body></body></html>';
    expect(withPreloads(html, ['assets/ProjectPage-dddddddd.js', 'assets/style-jjjjjjjj.css', '../secret.js', '../secret.css'])).toBe(
      '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-eeeeeeee.js"></script>' +
        '<link rel="modulepreload" crossorigin href="/assets/ProjectPage-dddddddd.js">' +
        '<link rel="stylesheet" crossorigin href="/assets/style-jjjjjjjj.css"></head><body></body></html>',
    );
    expect(withPreloads(html, [])).toBe(html);
  });
});
