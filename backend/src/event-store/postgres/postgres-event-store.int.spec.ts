import { randomUUID } from 'node:crypto';

import type { RecordedEvent } from '@escrow/domain';
import { Client } from 'pg';

import { createEventStoreFixture, type EventStoreFixture, eventually, readEverything, testEvent } from '../../../test/support/event-store-fixture';
import { eventStoreContract } from '../contract';
import { PostgresEventStore } from './postgres-event-store';

/** The queries of the global order a spy on the pool saw (the shared reads of readAll). */
const readQueries = (spy: jest.SpyInstance) => spy.mock.calls.filter(([config]) => (config as { name?: string }).name === 'escrow_read_all').length;

describe('PostgresEventStore', () => {
  describe('contract', () => {
    eventStoreContract(async () => {
      const fixture = await createEventStoreFixture();
      return { store: fixture.store, streamPrefix: '', close: fixture.close };
    });
  });

  describe('readers woken together', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture();
    });
    afterEach(() => fixture.close());

    it('share one query for the same page', async () => {
      await fixture.store.append('shared-1', [testEvent('First')]);
      const spy = jest.spyOn(fixture.pool, 'query');
      const pages = await Promise.all([1, 2, 3].map(() => fixture.store.readAll({ limit: 100 })));
      expect(readQueries(spy)).toBe(1);
      expect(pages[1]).toBe(pages[0]);
      expect(pages[2]).toBe(pages[0]);
      await fixture.store.readAll({ limit: 100 }); // once answered, the next read is a query of its own
      expect(readQueries(spy)).toBe(2);
    });

    it('share one query across page sizes, each reader taking at most its own limit', async () => {
      await fixture.store.append('sizes-1', [testEvent('First'), testEvent('Second'), testEvent('Third')]);
      const spy = jest.spyOn(fixture.pool, 'query');
      // Transactions of other tests in the same cluster can hold the horizon back a moment: then
      // both readers share a query that finds nothing, and try again.
      const [large, small] = await eventually(
        async () => {
          spy.mockClear();
          const pair = await Promise.all([fixture.store.readAll({ limit: 500 }), fixture.store.readAll({ limit: 2 })]);
          expect(readQueries(spy)).toBe(1);
          return pair;
        },
        ([all]) => all.events.length > 0,
      );
      expect(large.events.map((e) => e.type)).toEqual(['First', 'Second', 'Third']);
      expect(large.hasMore).toBe(false);
      expect(small.events.map((e) => e.type)).toEqual(['First', 'Second']);
      expect(small).toMatchObject({ hasMore: true, lastPosition: small.events[1]!.position });
      // The reader with the small page goes on from its own last event.
      const rest = await fixture.store.readAll({ after: small.lastPosition, limit: 2 });
      expect(rest.events.map((e) => e.type)).toEqual(['Third']);
      // A larger reader that joins a smaller one's query gets its page, and reads on because it was full.
      const [first, joined] = await Promise.all([fixture.store.readAll({ limit: 1 }), fixture.store.readAll({ limit: 500 })]);
      expect(first.events).toHaveLength(1);
      expect(joined).toMatchObject({ events: first.events, hasMore: true });
    });

    it('never answer a read asked for after an append with a query that started before it', async () => {
      const spy = jest.spyOn(fixture.pool, 'query');
      const older = fixture.store.readAll({ limit: 100 });
      await fixture.store.append('shared-2', [testEvent('Later')]);
      const newer = fixture.store.readAll({ limit: 100 });
      expect(readQueries(spy)).toBe(2);
      await older;
      const page = await eventually(
        async () => ((await newer).events.length > 0 ? newer : fixture.store.readAll({ limit: 100 })),
        (p) => p.events.length > 0,
      );
      expect(page.events.map((e) => e.type)).toEqual(['Later']);
    });
  });

  describe('global order under concurrent transactions', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture();
    });
    afterEach(() => fixture.close());

    /** The same insert the store makes (placeholder hashes: these tests are about visibility), inside a transaction we control. */
    async function openTransactionWithEvent(streamId: string): Promise<Client> {
      const client = new Client({ connectionString: fixture.database.url });
      await client.connect();
      await client.query('BEGIN');
      await client.query(
        `INSERT INTO events (stream_id, stream_revision, event_id, type, data, metadata, content_hash, previous_hash, hash)
         VALUES ($1, 0, $2, 'Slow', '{}', $3, decode(repeat('00', 32), 'hex'), decode(repeat('00', 32), 'hex'), decode(repeat('00', 32), 'hex'))`,
        [streamId, randomUUID(), JSON.stringify(testEvent('Slow').metadata)],
      );
      return client;
    }

    it('never lets a reader pass a transaction that took an earlier position and commits later', async () => {
      const slow = await openTransactionWithEvent('slow-1'); // takes position n, stays open
      await fixture.store.append('fast-1', [testEvent('Fast')]); // position n+1, committed
      const before = await fixture.store.readAll({ limit: 100 });
      expect(before.events).toEqual([]); // the reader must wait for the open transaction

      await slow.query('COMMIT');
      await slow.end();
      // Transactions of other tests in the same cluster can hold the horizon back a moment.
      const after = await eventually(
        () => fixture.store.readAll({ limit: 100 }),
        (page) => page.events.length === 2,
      );
      expect(after.events.map((e) => e.streamId)).toEqual(['slow-1', 'fast-1']);
      const again = await fixture.store.readAll({ after: after.lastPosition, limit: 100 });
      expect(again.events).toEqual([]);
    });

    it('moves on when the earlier transaction rolls back', async () => {
      const slow = await openTransactionWithEvent('slow-2');
      await fixture.store.append('fast-2', [testEvent('Fast')]);
      expect((await fixture.store.readAll({ limit: 100 })).events).toEqual([]);
      await slow.query('ROLLBACK');
      await slow.end();
      const page = await eventually(
        () => fixture.store.readAll({ limit: 100 }),
        (p) => p.events.length > 0,
      );
      expect(page.events.map((e) => e.streamId)).toEqual(['fast-2']);
    });

    it('delivers both events exactly once to a live subscription when the slow one commits', async () => {
      const received: RecordedEvent[] = [];
      const subscription = fixture.store.subscribeToAll({}, async (batch) => {
        received.push(...batch);
      });
      try {
        const slow = await openTransactionWithEvent('slow-3');
        await fixture.store.append('fast-3', [testEvent('Fast')]);
        await new Promise((r) => setTimeout(r, 300));
        expect(received).toEqual([]);
        await slow.query('COMMIT');
        await slow.end();
        await eventually(
          async () => received.length,
          (n) => n >= 2,
        );
        await new Promise((r) => setTimeout(r, 300));
        expect(received.map((e) => e.streamId)).toEqual(['slow-3', 'fast-3']);
      } finally {
        await subscription.stop();
      }
    });
  });

  describe('a transaction holding the read horizon for a moment', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture();
    });
    afterEach(() => fixture.close());

    /** A transaction with an id of its own (it wrote), as a projector's batch has, that no reader may pass. */
    async function holdHorizon(): Promise<Client> {
      const client = new Client({ connectionString: fixture.database.url });
      await client.connect();
      await client.query('BEGIN');
      await client.query('SELECT pg_current_xact_id()');
      return client;
    }

    /** A live subscription of a store that polls only every 10 s: what it gets sooner came by a wake-up. */
    async function subscribeSlowPolling() {
      const store = new PostgresEventStore({ pool: fixture.pool, pollIntervalMs: 10_000 });
      const received: { type: string; at: number }[] = [];
      const subscription = store.subscribeToAll({}, async (batch) => {
        received.push(...batch.map((e) => ({ type: e.type, at: Date.now() })));
      });
      await new Promise((r) => setTimeout(r, 100)); // its catch-up read has found nothing
      return { store, received, subscription };
    }

    it('delivers an event appended meanwhile soon after it ends, not at the next poll', async () => {
      const { store, received, subscription } = await subscribeSlowPolling();
      try {
        const holder = await holdHorizon();
        await store.append('behind-1', [testEvent('Appended')]); // wakes the reader, which cannot read it yet
        await new Promise((r) => setTimeout(r, 60));
        await holder.query('COMMIT');
        const ended = Date.now();
        await holder.end();
        await eventually(
          async () => received.length,
          (n) => n === 1,
          3000,
        );
        expect(received[0]!.at - ended).toBeLessThan(1000);
      } finally {
        await subscription.stop();
      }
    });

    it('reads nothing after a batch when no append was announced while it ran', async () => {
      const { store, received, subscription } = await subscribeSlowPolling();
      try {
        await store.append('before-batch', [testEvent('Delivered')]);
        // Delivered, the reader sleeps until the next poll (a horizon held by another test's
        // transaction only delays the delivery, with quick re-reads until it comes).
        await eventually(
          async () => received.length,
          (n) => n === 1,
        );
        await new Promise((r) => setTimeout(r, 100));
        const spy = jest.spyOn(fixture.pool, 'query');
        const mark = store.appendsAnnounced();
        store.nudge(mark); // a projector's batch ended; nothing was appended while it ran
        await new Promise((r) => setTimeout(r, 100));
        expect(readQueries(spy)).toBe(0);
        const during = store.appendsAnnounced();
        await store.append('during-batch', [testEvent('Hidden')]);
        await new Promise((r) => setTimeout(r, 50));
        const before = readQueries(spy);
        store.nudge(during); // this time one was
        await new Promise((r) => setTimeout(r, 100));
        expect(readQueries(spy)).toBeGreaterThan(before);
      } finally {
        await subscription.stop();
      }
    });

    it('reads again at once when told that a long one ended (a projector committed its batch)', async () => {
      const { store, received, subscription } = await subscribeSlowPolling();
      try {
        const holder = await holdHorizon();
        await store.append('behind-2', [testEvent('Appended')]);
        await new Promise((r) => setTimeout(r, 1500)); // past the reader's quick re-reads
        expect(received).toEqual([]);
        await holder.query('COMMIT');
        await holder.end();
        const nudged = Date.now();
        store.nudge();
        await eventually(
          async () => received.length,
          (n) => n === 1,
          3000,
        );
        expect(received[0]!.at - nudged).toBeLessThan(1000);
      } finally {
        await subscription.stop();
      }
    });
  });

  describe('transaction ids crossing a power of ten', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture();
    });
    afterEach(() => fixture.close());

    // Regression: the text form of the transaction id once leaked into ORDER BY, so 1000 sorted
    // before 999 and readers skipped everything between.
    it('orders numerically, not as text', async () => {
      const current = async () => BigInt((await fixture.pool.query<{ x: string }>('SELECT pg_current_xact_id()::text AS x')).rows[0]!.x);
      let xid = await current();
      const boundary = 10n ** BigInt(xid.toString().length);
      // The shared test cluster may be far from the next power of ten: burn transaction ids fast,
      // one subtransaction that writes (and so takes an id of its own) per loop.
      if (boundary - 3n - xid > 100n) {
        await fixture.pool.query(`
          DO $$
          BEGIN
            CREATE TEMP TABLE IF NOT EXISTS xid_burner (n int);
            FOR i IN 1..${boundary - 50n - xid} LOOP
              BEGIN
                INSERT INTO xid_burner VALUES (i);
                RAISE EXCEPTION 'undo';
              EXCEPTION WHEN raise_exception THEN NULL;
              END;
            END LOOP;
          END $$`);
      }
      xid = await current();
      while (xid < boundary - 3n) xid = await current(); // each call is its own transaction
      for (let i = 0; i < 8; i++) await fixture.store.append('boundary-1', [testEvent('Step', { i })]);
      const seen = await readEverything(fixture.store, 8, 2);
      expect(seen.map((e) => (e.data as { i: number }).i)).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
      expect((await fixture.store.headPosition())!.position.commit).toBeGreaterThanOrEqual(boundary);
    });
  });

  describe('notifications', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture({ pollIntervalMs: 60_000 });
    });
    afterEach(() => fixture.close());

    it('wakes a subscriber in another process by NOTIFY, without waiting for a poll', async () => {
      const writer = new PostgresEventStore({ pool: fixture.pool }); // another "process": no shared wake-ups
      const received: RecordedEvent[] = [];
      const subscription = fixture.store.subscribeToAll({}, async (batch) => {
        received.push(...batch);
      });
      try {
        await fixture.store.listenerPid();
        await new Promise((r) => setTimeout(r, 100)); // let the subscription reach its idle wait
        await writer.append('notified-1', [testEvent('Notified')]);
        await eventually(
          async () => received.length,
          (n) => n === 1,
          5000,
        );
      } finally {
        await subscription.stop();
        await writer.close();
      }
    });
  });

  describe('a dropped notification connection', () => {
    let fixture: EventStoreFixture;
    beforeEach(async () => {
      fixture = await createEventStoreFixture({ pollIntervalMs: 200 });
    });
    afterEach(() => fixture.close());

    it('still catches up by polling', async () => {
      const writer = new PostgresEventStore({ pool: fixture.pool });
      const received: RecordedEvent[] = [];
      const subscription = fixture.store.subscribeToAll({}, async (batch) => {
        received.push(...batch);
      });
      try {
        const pid = await fixture.store.listenerPid();
        expect(pid).not.toBeNull();
        await fixture.pool.query('SELECT pg_terminate_backend($1)', [pid]);
        await writer.append('polled-1', [testEvent('Polled')]);
        await eventually(
          async () => received.map((e) => e.streamId),
          (s) => s.includes('polled-1'),
          5000,
        );
      } finally {
        await subscription.stop();
        await writer.close();
      }
    });
  });

  it('refuses to change or delete stored events', async () => {
    const fixture = await createEventStoreFixture();
    try {
      await fixture.store.append('immutable-1', [testEvent('Kept')]);
      await expect(fixture.pool.query(`UPDATE events SET type = 'Changed'`)).rejects.toThrow(/events are immutable/);
      await expect(fixture.pool.query(`DELETE FROM events`)).rejects.toThrow(/events are immutable/);
    } finally {
      await fixture.close();
    }
  });
});
