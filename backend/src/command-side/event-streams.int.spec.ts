import type { AppendOptions, AppendResult, CommandMetadata, NewEvent } from '@escrow/domain';
import { ProjectionRunner, type Projector } from '@escrow/projections';
import { Client } from 'pg';

import { createEventStoreFixture, type EventStoreFixture, testEvent } from '../../test/support/event-store-fixture';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { type EventStream, EventStreams } from './event-streams';

/** A real store with a rival writer that always gets to the stream first. */
class ContestedStore extends PostgresEventStore {
  rivalAppends = 0;
  override async append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult> {
    this.rivalAppends++;
    await super.append(streamId, [testEvent('RivalWrote')], { expectedRevision: 'any' });
    return super.append(streamId, events, options);
  }
}

type Meta = { metadata: CommandMetadata };
/** A stream named `<prefix>-<key>` that counts its events. */
const counter = (prefix: string): EventStream<number, Meta, { type: string; data: unknown }> => ({
  streamId: (key) => `${prefix}-${key}`,
  initialState: 0,
  evolve: (n: number) => n + 1,
  decide: (_: unknown, n: number) => [{ type: 'Counted', data: { seen: n } }],
});

describe('EventStreams.decide', () => {
  let fixture: EventStoreFixture;
  beforeEach(async () => {
    fixture = await createEventStoreFixture();
  });
  afterEach(() => fixture.close());

  const serviceOn = (store: PostgresEventStore) => new EventStreams(store);
  const metadata = { now: '2026-11-22T10:00:00.000Z', actorId: 5, actorRole: 'customer' as const };

  it('answers 409 when another writer wins every one of its bounded retries, appending nothing of its own', async () => {
    const store = new ContestedStore({ pool: fixture.pool });
    await expect(serviceOn(store).decide(counter('contested'), 1, { metadata })).rejects.toMatchObject({ kind: 'conflict' }); // answered 409 at the HTTP edge
    expect(store.rivalAppends).toBe(6); // the first try and five retries
    const types = (await store.readStream('contested-1')).map((e) => e.type);
    expect(types).toEqual(Array(6).fill('RivalWrote'));
  });

  it('decides again on fresh state after a conflict and succeeds when the rival stops', async () => {
    const store = new ContestedStore({ pool: fixture.pool });
    const service = serviceOn(store);
    let rivals = 2;
    const original = store.append.bind(store);
    store.append = async (streamId, events, options) =>
      rivals-- > 0 ? original(streamId, events, options) : PostgresEventStore.prototype.append.call(store, streamId, events, options);
    const result = await service.decide(counter('contested'), 2, { metadata });
    expect(result.events).toEqual([{ type: 'Counted', data: { seen: 2 } }]); // decided on the two rival events
  });

  it('answers from the state its decider produced, waiting for no projector', async () => {
    const store = new PostgresEventStore({ pool: fixture.pool });
    // A projector of its events that another process holds and never runs: waiting for it would never end.
    const stuck: Projector = { name: 'stuck', version: 1, tables: [], handles: ['Counted'], apply: async () => undefined };
    const holder = new Client({ connectionString: fixture.database.url });
    await holder.connect();
    await holder.query(`SELECT pg_advisory_lock(hashtextextended('projection:stuck', 0))`);
    const runner = new ProjectionRunner({ pool: fixture.pool, eventStore: store, projectors: [stuck], databaseUrl: fixture.database.url, retryMs: 100 });
    runner.start();
    try {
      const service = serviceOn(store);
      const started = Date.now();
      await service.decide(counter('answers'), 1, { metadata });
      const result = await service.decide(counter('answers'), 1, { metadata });
      expect(result.state).toBe(2); // both events folded: the answer's state
      expect(result.append!.position).toEqual((await store.readStream('answers-1'))[1]!.position);
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await runner.stop();
      await holder.end();
    }
  });

  it('reads only the events appended since the state it knows, whoever appended them', async () => {
    class CountingReads extends PostgresEventStore {
      reads: { fromRevision?: number }[] = [];
      override readStream(...args: Parameters<PostgresEventStore['readStream']>) {
        this.reads.push({ ...args[1] });
        return super.readStream(...args);
      }
    }
    const store = new CountingReads({ pool: fixture.pool });
    const service = serviceOn(store);
    await service.decide(counter('cached'), 1, { metadata });
    await service.decide(counter('cached'), 1, { metadata });
    // Another process appends: the cache is behind, and the next command still decides on it all.
    await new PostgresEventStore({ pool: fixture.pool }).append('cached-1', [testEvent('Counted')], { expectedRevision: 1 });
    const third = await service.decide(counter('cached'), 1, { metadata });
    expect(third.events).toEqual([{ type: 'Counted', data: { seen: 3 } }]);
    expect(third.state).toBe(4);
    expect(store.reads).toEqual([{}, { fromRevision: 1 }, { fromRevision: 2 }]);
  });

  it('answers a retried request with the same key as the first, without deciding again', async () => {
    const store = new PostgresEventStore({ pool: fixture.pool });
    const service = serviceOn(store);
    const first = await service.decide(counter('idem'), 1, { metadata }, { idempotencyKey: 'request-key-1' });
    const second = await service.decide(counter('idem'), 1, { metadata }, { idempotencyKey: 'request-key-1' });
    expect(second.replayed).toBe(true);
    expect(second.events).toEqual(first.events);
    expect(await store.readStream('idem-1')).toHaveLength(1);
    const other = await service.decide(counter('idem'), 1, { metadata }, { idempotencyKey: 'request-key-2' });
    expect(other.events).toEqual([{ type: 'Counted', data: { seen: 1 } }]);
  });

  it('answers a retry that raced the first request (same key, both decided before either appended) as a replay, not 422', async () => {
    // Found by the reliability simulation: a client re-sent a request whose answer was slow; both
    // copies read the stream before either appended, their events differed only in the time
    // they were decided at, and the second was told the key was used for a different request.
    class BothReadFirst extends PostgresEventStore {
      private waiting: (() => void)[] = [];
      override async readStream(...args: Parameters<PostgresEventStore['readStream']>) {
        const history = await super.readStream(...args);
        if (this.waiting !== null && history.length === 0) {
          await new Promise<void>((resolve) => {
            this.waiting.push(resolve);
            if (this.waiting.length === 2) this.waiting.forEach((r) => r());
          });
        }
        return history;
      }
    }
    const store = new BothReadFirst({ pool: fixture.pool });
    const service = serviceOn(store);
    const stamped: EventStream<number, Meta & { at: string }, { type: string; data: unknown }> = {
      streamId: () => 'idem-race',
      initialState: 0,
      evolve: (n: number) => n + 1,
      decide: (command) => [{ type: 'Stamped', data: { at: command.at } }],
    };
    const send = (at: string) => service.decide(stamped, 0, { at, metadata: { ...metadata, now: at } }, { idempotencyKey: 'request-key-race' });
    const [a, b] = await Promise.all([send('2026-11-22T10:00:00.000Z'), send('2026-11-22T10:00:00.250Z')]);
    expect(await store.readStream('idem-race')).toHaveLength(1);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(b.events).toEqual(a.events);
  });
});
