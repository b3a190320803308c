import { createTestApp, type TestApp } from '../test-support/test-app';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  });
  afterAll(() => app.close());

  it('answers 200 with the state of the database', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ database: { status: 'up' } });
  });

  it('answers unknown API paths with 404 and a message', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Cannot GET/);
  });
});
