import type { AppendOptions, AppendResult, CommandMetadata, NewEvent } from '@escrow/domain';
import { type ProjectionContext, ProjectionRunner, type Projector } from '@escrow/projections';
import { ConflictException } from '@nestjs/common';
import { Client } from 'pg';

import { createEventStoreFixture, type EventStoreFixture, testEvent } from '../../test/support/event-store-fixture';
import { loadConfig } from '../config/app-config';
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

  const serviceOn = (store: PostgresEventStore) =>
    new EventStreams(store, new ProjectionRunner({ pool: fixture.pool, eventStore: store, projectors: [], databaseUrl: fixture.database.url }), {
      ...loadConfig({}),
      readYourWritesTimeoutMs: 100,
    });
  const metadata = { now: '2026-11-22T10:00:00.000Z', actorId: 5, actorRole: 'customer' as const };

  it('answers 409 when another writer wins every one of its bounded retries, appending nothing of its own', async () => {
    const store = new ContestedStore({ pool: fixture.pool });
    await expect(serviceOn(store).decide(counter('contested'), 1, { metadata })).rejects.toBeInstanceOf(ConflictException);
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

  it('waits for the projectors that handle its events, and for no other', async () => {
    const store = new PostgresEventStore({ pool: fixture.pool });
    await fixture.pool.query('CREATE TABLE counted_rows (seen integer NOT NULL)');
    const counting: Projector = {
      name: 'counting',
      version: 1,
      tables: ['counted_rows'],
      handles: ['Counted'],
      apply: async (events, context: ProjectionContext) => {
        for (const e of events) await context.query(`INSERT INTO ${context.table('counted_rows')} (seen) VALUES ($1)`, [(e.data as { seen: number }).seen]);
      },
    };
    // Handles other events only, and another process holds its lock without running it: waiting for it would time out.
    const elsewhere: Projector = { name: 'elsewhere', version: 1, tables: [], handles: ['SomethingElse'], apply: async () => undefined };
    const holder = new Client({ connectionString: fixture.database.url });
    await holder.connect();
    await holder.query(`SELECT pg_advisory_lock(hashtextextended('projection:elsewhere', 0))`);
    const runner = new ProjectionRunner({
      pool: fixture.pool,
      eventStore: store,
      projectors: [counting, elsewhere],
      databaseUrl: fixture.database.url,
      retryMs: 100,
    });
    const service = new EventStreams(store, runner, { ...loadConfig({}), readYourWritesTimeoutMs: 3000 });
    runner.start();
    const started = Date.now();
    const result = await service.decide(counter('waits'), 1, { metadata });
    expect(result.readModelsCaughtUp).toBe(true);
    const { rows } = await fixture.pool.query('SELECT seen FROM counted_rows');
    expect(rows).toEqual([{ seen: 0 }]); // read your writes: the row is there when the answer is
    expect(Date.now() - started).toBeLessThan(3000);
    expect((await runner.status()).find((p) => p.name === 'elsewhere')!.state).toBe('standby');
    await runner.stop();
    await holder.end();
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
