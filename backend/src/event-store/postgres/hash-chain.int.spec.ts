import { randomUUID } from 'node:crypto';

import {
  ChainChecks,
  chainEvents,
  chainHash,
  type CliIo,
  contentHash,
  createProjectors,
  GENESIS_HASH,
  ProjectionRunner,
  runProjectionsCli,
  verifyEventChains,
} from '@escrow/projections';
import { Pool } from 'pg';
import { DataSource } from 'typeorm';

import { createTestDatabase } from '../../../../testing/test-database';
import { createEventStoreFixture, type EventStoreFixture, readEverything, testEvent } from '../../../test/support/event-store-fixture';
import { CreateEventsTable1763800000000, EventHashChain1763800300000 } from './migrations';
import { PostgresEventStore } from './postgres-event-store';

function captureIo(): CliIo & { lines: string[]; errors: string[] } {
  const lines: string[] = [];
  const errors: string[] = [];
  return { lines, errors, out: (t) => lines.push(t), err: (t) => errors.push(t), isTTY: false, untilStopped: () => Promise.resolve() };
}

/** Changes stored events the way someone with write access to the table could: the trigger off, only inside this transaction. */
async function tamper(pool: Pool, sql: string, values: unknown[]): Promise<void> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query('ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete');
    await client.query(sql, values);
    await client.query('ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete');
    await client.query('COMMIT');
  } finally {
    client.release();
  }
}

describe('the hash chain over the events table', () => {
  it('backfills the events stored before it, stream by stream, and leaves the table immutable', async () => {
    const database = await createTestDatabase([CreateEventsTable1763800000000]);
    const pool = new Pool({ connectionString: database.url, max: 3 });
    try {
      const old = [
        { stream: 'job-7', revision: 0, data: { jobId: 7, title: 'Ünïcode 🏗️', nested: { z: 1, a: [2, 'x'] } } },
        { stream: 'milestone-70', revision: 0, data: { originalId: 70, amount: '1250.00' } },
        { stream: 'job-7', revision: 1, data: { jobId: 7 } },
        { stream: 'milestone-70', revision: 1, data: { originalId: 70, amount: '0.10' } },
        { stream: 'job-7', revision: 2, data: { jobId: 7, note: null } },
      ].map((e) => ({ ...e, id: randomUUID(), type: `Old${e.revision}`, metadata: testEvent('x').metadata }));
      for (const e of old)
        await pool.query(`INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata) VALUES ($1, $2, $3, $4, $5, $6)`, [
          e.stream,
          e.revision,
          e.id,
          e.type,
          JSON.stringify(e.data),
          JSON.stringify(e.metadata),
        ]);
      const dataSource = new DataSource({
        type: 'postgres',
        url: database.url,
        migrations: [CreateEventsTable1763800000000, EventHashChain1763800300000],
        migrationsTableName: 'schema_migrations',
      });
      await dataSource.initialize();
      await dataSource.runMigrations({ transaction: 'each' });
      await dataSource.destroy();

      const store = new PostgresEventStore({ pool });
      for (const stream of ['job-7', 'milestone-70']) {
        const mine = old.filter((e) => e.stream === stream);
        // The same hashes an append of this content computes.
        const expected = chainEvents(
          GENESIS_HASH,
          mine.map((e) => ({ streamId: stream, id: e.id, type: e.type, data: e.data, metadata: e.metadata })),
        );
        expect((await store.readStream(stream)).map((e) => e.integrity)).toEqual(expected);
      }
      await store.append('job-7', [testEvent('New')], { expectedRevision: 2 });
      await readEverything(store, 6, 100);
      expect(await verifyEventChains(store)).toMatchObject({ ok: true, events: 6, streams: 2 });
      await expect(pool.query(`UPDATE events SET data = '{}' WHERE stream_id = 'job-7'`)).rejects.toThrow('events are immutable');
      await expect(
        pool.query(`INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata) VALUES ('x', 0, $1, 'X', '{}', '{}')`, [randomUUID()]),
      ).rejects.toThrow('content_hash');
      await store.close();
    } finally {
      await pool.end();
      await database.drop();
    }
  });

  describe('verify', () => {
    let fixture: EventStoreFixture;
    const ids: string[] = [];
    const open = async () => {
      const runner = new ProjectionRunner({ pool: fixture.pool, eventStore: fixture.store, databaseUrl: fixture.database.url, projectors: createProjectors() });
      return { runner, integrity: { store: fixture.store, pool: fixture.pool }, close: () => runner.stop() };
    };

    beforeEach(async () => {
      fixture = await createEventStoreFixture();
      ids.length = 0;
      for (let i = 0; i < 4; i++) {
        const e = { ...testEvent('DepositSettled', { originalId: 1, amount: `${i + 1}00.00` }), id: randomUUID() };
        ids.push(e.id);
        await fixture.store.append('milestone-1', [e], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
        await fixture.store.append(`job-${i}`, [testEvent('JobDraftCreated', { jobId: i })]);
      }
      await readEverything(fixture.store, 8, 100);
    });
    afterEach(() => fixture.close());

    it('reports every chain intact, and keeps the check for the Operations page', async () => {
      const io = captureIo();
      expect(await runProjectionsCli(['verify'], open, io)).toBe(0);
      expect(io.lines.join('\n')).toMatch(/verified: 8 events in 5 streams in [\d.]+ s, every hash chain intact/);
      const [check] = await new ChainChecks(fixture.pool).recent(1);
      expect(check).toMatchObject({ origin: 'cli', state: 'passed', checked: 8, total: 8, streams: 5, brokenEvents: 0, breaks: [] });
    });

    it('names the event whose content was changed in place', async () => {
      await tamper(fixture.pool, `UPDATE events SET data = jsonb_set(data, '{amount}', '"900.00"') WHERE event_id = $1`, [ids[1]]);
      const io = captureIo();
      expect(await runProjectionsCli(['verify'], open, io)).toBe(6);
      const errors = io.errors.join('\n');
      expect(errors).toContain('BROKEN: 1 of 8 events break the hash chain. The first in the global order:');
      expect(errors).toContain(`event ${ids[1]} (milestone-1 revision 1, position `);
      expect(errors).toContain('does not match its content hash');
      const [check] = await new ChainChecks(fixture.pool).recent(1);
      expect(check).toMatchObject({ state: 'broken', brokenEvents: 1, breaks: [expect.objectContaining({ eventId: ids[1], reason: 'content-changed' })] });
    });

    it('finds an event rehashed after its change by the link of the next one, and a deleted event by the gap', async () => {
      // A careful forger changes the data and recomputes the event's own hashes: the next event still links to the old hash.
      const [stored] = await fixture.store.readStream('milestone-1', { fromRevision: 1, maxCount: 1 });
      const forgedData = { originalId: 1, amount: '999.00' };
      const forgedContent = contentHash({ streamId: 'milestone-1', id: stored!.id, type: stored!.type, data: forgedData, metadata: stored!.metadata });
      await tamper(fixture.pool, `UPDATE events SET data = $2::jsonb, content_hash = decode($3, 'hex'), hash = decode($4, 'hex') WHERE event_id = $1`, [
        ids[1],
        JSON.stringify(forgedData),
        forgedContent,
        chainHash(stored!.integrity!.previousHash, forgedContent),
      ]);
      let result = await verifyEventChains(fixture.store);
      expect(result.breaks.map((b) => [b.eventId, b.reason])).toEqual([[ids[2], 'previous-hash-differs']]);
      expect(result.breaks[0]!.message).toContain('its previous hash is not the hash of revision 1');
      await tamper(fixture.pool, `DELETE FROM events WHERE event_id = $1`, [ids[2]]);
      result = await verifyEventChains(fixture.store);
      expect(result.breaks.map((b) => [b.eventId, b.reason])).toEqual([[ids[3], 'revision-gap']]);
      expect(result.breaks[0]!.message).toContain('revision 2 is missing');
    });
  });
});
