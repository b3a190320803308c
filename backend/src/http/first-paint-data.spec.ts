import { firstPaintData, withDataPreloads } from './first-paint-data';

const PROJECT_PAGE = ['/api/user', '/api/job/1003', '/api/job/1003/retainage', '/api/job/1003/schedule'];

describe('the answers index.html names for a screen’s first paint', () => {
  it('names the current user on every screen, and the project page’s project, terms and billing', () => {
    expect(firstPaintData('/')).toEqual(['/api/user']);
    expect(firstPaintData('/portal')).toEqual(['/api/user']);
    expect(firstPaintData('/portal/job/1003')).toEqual(PROJECT_PAGE);
    expect(firstPaintData('/portal/job/1003/')).toEqual(PROJECT_PAGE);
  });

  it('names nothing but the user for a path that is not a project id', () => {
    for (const path of [
      '/portal/job/0',
      '/portal/job/-1',
      '/portal/job/12abc',
      '/portal/job/1%2F..%2Fadmin',
      '/portal/job/1/ach',
      '/portal/job/' + '9'.repeat(17),
    ])
      expect(firstPaintData(path)).toEqual(['/api/user']);
  });

  it('adds a preload link per answer first in the head, and only for API paths', () => {
    const html = '<!doctype html><html><head><script type="module" crossorigin src="/assets/index-e.js"></script></head><body></body></html>';
    expect(withDataPreloads(html, ['/api/user', '/api/job/7', '"><script>', '/elsewhere'])).toBe(
      '<!doctype html><html><head><link rel="preload" as="fetch" crossorigin href="/api/user">' +
        '<link rel="preload" as="fetch" crossorigin href="/api/job/7">' +
        '<script type="module" crossorigin src="/assets/index-e.js"></script></head><body></body></html>',
    );
    expect(withDataPreloads(html, [])).toBe(html);
  });
});
