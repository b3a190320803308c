import { ProjectionRunner } from '@escrow/projections';
import { Client, Pool } from 'pg';

import { createParties, createSignedProject } from '../../../test/support/escrow-project';
import { eventually } from '../../../test/support/event-store-fixture';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { SecurityLog } from '../../identity';
import { allMigrations, readModelTables } from '../../schema';
import { type DatabaseHandle, prepareDatabase } from './database';
import { ledgerPowersOf } from './database-logins';

/**
 * Issue 35.7: the login the application runs as (DATABASE_URL; `db.pool` of a test app, whose
 * owner login migrates, as in production) can read and append the events and the security log,
 * and nothing else: every statement that would change or remove a stored row, or switch off the
 * triggers that refuse it, is refused by PostgreSQL itself.
 */
describe('the database login the application runs as', () => {
  let app: TestApp;

  /** Both append-only tables as the owner sees them, and whether their triggers are on. */
  const ledgerAsItIs = async () => {
    const owner = app.ownerPool();
    const events = await owner.query(`SELECT md5(string_agg(to_jsonb(e)::text, '|' ORDER BY global_position)) AS digest, count(*)::int AS n FROM events e`);
    const log = await owner.query(`SELECT md5(string_agg(to_jsonb(l)::text, '|' ORDER BY entry_id)) AS digest, count(*)::int AS n FROM security_log l`);
    const triggers = await owner.query(
      `SELECT tgrelid::regclass::text AS "table", tgname AS name, tgenabled AS enabled FROM pg_trigger
        WHERE tgrelid IN ('events'::regclass, 'security_log'::regclass) AND NOT tgisinternal ORDER BY 1, 2`,
    );
    return { events: events.rows[0], log: log.rows[0], triggers: triggers.rows };
  };

  beforeAll(async () => {
    app = await createTestApp();
    // Rows in both tables, written by the application's own login.
    const parties = await createParties(app);
    await createSignedProject(parties);
    await app.app.get(SecurityLog).record({ userId: parties.buyer.userId, kind: 'login', detail: { password: true } });
  }, 60_000);
  afterAll(() => app?.close());

  it('is not a superuser and neither owns nor may change the events or the security log', async () => {
    expect(await ledgerPowersOf(app.db.pool)).toEqual([]);
    const { rows } = await app.db.pool.query<{ user: string }>('SELECT current_user AS user');
    expect(rows[0]!.user).not.toBe(new URL(app.database.url).username);
  });

  it('cannot change or delete an event or a security log row by any statement', async () => {
    const before = await ledgerAsItIs();
    expect(before.events!.n).toBeGreaterThan(0);
    expect(before.log!.n).toBeGreaterThan(0);
    expect(before.triggers.map((t) => t.enabled)).toEqual(['O', 'O', 'O']); // each trigger on

    const attempts = [
      `UPDATE events SET type = 'Forged'`,
      `DELETE FROM events`,
      `TRUNCATE events`,
      `INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata, content_hash, previous_hash, hash)
         SELECT stream_id, stream_revision, event_id, type, data, metadata, content_hash, previous_hash, hash FROM events
       ON CONFLICT (event_id) DO UPDATE SET type = 'Forged'`,
      `MERGE INTO events e USING (SELECT 1) AS s ON true WHEN MATCHED THEN DELETE`,
      `ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete`,
      `ALTER TABLE events DISABLE TRIGGER ALL`,
      `DROP TRIGGER events_no_update_or_delete ON events`,
      `CREATE OR REPLACE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      `DROP FUNCTION events_are_immutable() CASCADE`,
      `ALTER TABLE events RENAME TO events_before`,
      `ALTER TABLE events DROP COLUMN data`,
      `ALTER TABLE events OWNER TO CURRENT_USER`,
      `DROP TABLE events CASCADE`,
      `CREATE RULE forge AS ON INSERT TO events DO INSTEAD NOTHING`,
      `CREATE TRIGGER forge BEFORE INSERT ON events FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`,
      `UPDATE security_log SET kind = 'forged'`,
      `DELETE FROM security_log`,
      `TRUNCATE security_log`,
      `ALTER TABLE security_log DISABLE TRIGGER security_log_append_only`,
      `DROP TRIGGER security_log_append_only ON security_log`,
      `CREATE OR REPLACE FUNCTION security_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`,
      `DROP TABLE security_log CASCADE`,
      `SET session_replication_role = replica`,
      `SELECT set_config('session_replication_role', 'replica', false)`,
      `SET ROLE ${new URL(app.database.url).username}`,
      `ALTER ROLE CURRENT_USER SUPERUSER`,
      `DO $$ BEGIN UPDATE events SET type = 'Forged'; END $$`,
    ];
    const refusals: Record<string, string> = {};
    for (const sql of attempts) {
      // A session of its own each: a SET that slipped through must not hide behind a later refusal.
      const client = new Client({ connectionString: app.db.url });
      await client.connect();
      try {
        await client.query(sql);
        refusals[sql] = 'accepted';
      } catch (error) {
        refusals[sql] = (error as { code?: string }).code ?? 'no code';
      } finally {
        await client.end();
      }
    }
    // 42501: insufficient_privilege ("permission denied", "must be owner").
    expect(refusals).toEqual(Object.fromEntries(attempts.map((sql) => [sql, '42501'])));
    // A GRANT by a login without the grant option grants nothing (PostgreSQL only warns).
    await app.db.pool.query('GRANT UPDATE, DELETE, TRUNCATE ON events, security_log TO CURRENT_USER');
    await expect(app.db.pool.query(`DELETE FROM security_log`)).rejects.toMatchObject({ code: '42501' });
    expect(await ledgerAsItIs()).toEqual(before);
  });

  /** A start of the application on the same database: its migration step, as the owner. */
  const startAgain = async (): Promise<void> => {
    const pool = new Pool({ connectionString: app.db.url, max: 1 });
    const handle: DatabaseHandle = {
      url: app.db.url,
      ownerUrl: app.database.url,
      pool,
      startedServer: false,
      closeConnections: () => pool.end(),
      stopServer: async () => undefined,
      stop: () => pool.end(),
    };
    try {
      await prepareDatabase(handle, allMigrations, readModelTables, () => undefined);
    } finally {
      await pool.end();
    }
  };

  it('still appends, and rebuilds the read models it owns, after a rebuild of an earlier version left a copy behind', async () => {
    const parties = await createParties(app, 'Second Builders');
    await createSignedProject(parties);
    // A rebuild that crashed while the owner's login ran everything: the next one drops its copy.
    await app.ownerPool().query('CREATE TABLE milestones__rebuild (LIKE milestones INCLUDING ALL)');
    await startAgain();
    const runner = app.app.get(ProjectionRunner);
    // The comparison needs the live projector where the rebuild ends: under load it can trail the
    // project's last events a moment (CI saw compared: false).
    await eventually(
      async () => (await runner.status()).find((s) => s.name === 'milestones')?.lagEvents,
      (lag) => lag === 0,
      15_000,
    );
    const result = await runner.rebuild('milestones');
    expect(result).toMatchObject({ projector: 'milestones', comparison: { compared: true } });
    const { rows } = await app
      .ownerPool()
      .query<{ owner: string }>(`SELECT DISTINCT tableowner AS owner FROM pg_tables WHERE tablename = ANY($1)`, [[...readModelTables]]);
    expect(rows).toEqual([{ owner: new URL(app.db.url).username }]);
  });

  it('refuses to migrate once that login owns something the application never creates', async () => {
    await app.db.pool.query(`CREATE FUNCTION public.planted() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RETURN NEW; END $$`);
    await app.db.pool.query(`CREATE TRIGGER planted BEFORE UPDATE ON jobs FOR EACH ROW EXECUTE FUNCTION public.planted()`);
    try {
      await expect(startAgain()).rejects.toThrow(/owns what the application never creates: function planted\(\), trigger planted on jobs/);
    } finally {
      await app.ownerPool().query('DROP FUNCTION public.planted() CASCADE');
    }
  });
});
