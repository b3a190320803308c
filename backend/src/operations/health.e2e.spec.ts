import { markStopped } from '@escrow/projections';
import { Client } from 'pg';

import { eventually } from '../../test/support/event-store-fixture';
import { createTestApp, type TestApp } from '../../test/support/test-app';

describe('GET /api/health', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await createTestApp();
  }, 60_000);
  afterAll(() => app.close());

  it('answers 200 with the state of the database, the event store and each projector', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', database: { status: 'up' }, eventStore: { status: 'up', kind: 'postgres' } });
    expect(body.projectors).toEqual(expect.arrayContaining([expect.objectContaining({ name: 'jobs', lagEvents: 0 })]));
  });

  it('names the oldest transaction holding the read horizon, which projections wait behind', async () => {
    // A long read-only snapshot (a report) holds no reader of the global order back; a
    // transaction that took an id does.
    const reader = new Client({ connectionString: app.database.url, application_name: 'horizon-reader' });
    const holder = new Client({ connectionString: app.database.url, application_name: 'horizon-holder' });
    await reader.connect();
    await holder.connect();
    try {
      await reader.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
      await reader.query('SELECT 1'); // takes the snapshot
      await new Promise((r) => setTimeout(r, 600));
      await holder.query('BEGIN');
      await holder.query('SELECT pg_current_xact_id()'); // takes a transaction id
      await new Promise((r) => setTimeout(r, 1100));
      // The horizon is the cluster's: another test file's older transaction may be named for a moment.
      const body = await eventually(
        async () => (await app.http.inject({ method: 'GET', url: '/api/health' })).json(),
        (b) => b.database.horizon?.application === 'horizon-holder',
      );
      expect(body.database.horizon).toMatchObject({ oldestTransactionSeconds: expect.any(Number), application: 'horizon-holder' });
      expect(body.database.horizon.oldestTransactionSeconds).toBeGreaterThanOrEqual(1);
    } finally {
      await holder.query('ROLLBACK').catch(() => undefined);
      await reader.query('ROLLBACK').catch(() => undefined);
      await holder.end();
      await reader.end();
    }
    const { rows } = await app.db.pool.query<{ setting: string }>(`SELECT current_setting('idle_in_transaction_session_timeout') AS setting`);
    expect(rows[0]!.setting).toBe('1min'); // every new session of this database ends idle transactions
  });

  it('answers unknown API paths with 404 and a message', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/no-such-route' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/Cannot GET/);
  });

  it('answers /api/health/live while the process runs', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/health/live' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'live', uptimeSeconds: expect.any(Number) });
  });

  it('answers /api/health/ready 200 with its checks when the database answers, migrations are applied and projectors run', async () => {
    const res = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ready', checks: { database: 'up', migrations: 'applied', projectors: 'running' }, reasons: [] });
  });

  it('answers /api/health/ready 503 with the reasons while a migration is missing or a projector of this process is stopped', async () => {
    const { rows } = await app
      .ownerPool()
      .query<{ name: string }>('DELETE FROM schema_migrations WHERE id = (SELECT max(id) FROM schema_migrations) RETURNING *');
    try {
      const res = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ status: 'not_ready', checks: { migrations: 'pending' }, reasons: [`Migrations not applied: ${rows[0]!.name}.`] });
    } finally {
      await app.ownerPool().query('INSERT INTO schema_migrations SELECT * FROM json_populate_record(NULL::schema_migrations, $1)', [JSON.stringify(rows[0])]);
    }
    // Last in this file: the app is closed after it.
    await markStopped(app.db.pool, 'jobs', 'a failed event (test)', null);
    const res = await app.http.inject({ method: 'GET', url: '/api/health/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      status: 'not_ready',
      checks: { database: 'up', migrations: 'applied', projectors: 'stopped' },
      reasons: ['Projectors stopped: jobs (see the Operations page).'],
    });
  });
});
