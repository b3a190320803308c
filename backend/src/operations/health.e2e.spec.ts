import { createTestApp, type TestApp } from '../../test/support/test-app';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers 200 with the state of the database, the event store and each projector', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, eventStore: { status: 'up', kind: 'postgres' } });
    expect(body.projectors).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'jobs', lagEvents: 0 })]));
  });

  it('answers unknown API paths with 404 and a message', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Cannot GET/);
  });
});
