import { type AppendOptions, type AppendResult, asOriginalId, type CommandMetadata, conflict, type MilestoneCommand, type NewEvent } from '@escrow/domain';
import { ProjectionRunner, type Projector } from '@escrow/projections';
import { Client } from 'pg';

import { createEventStoreFixture, type EventStoreFixture, testEvent } from '../../test/support/event-store-fixture';
import { PostgresEventStore } from '../event-store/postgres/postgres-event-store';
import { EventStreams } from './event-streams';
import { type EventStream, milestoneStream, projectStream } from './stream-kinds';

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

  it('names the project in the metadata of every event of a project and of its milestones, with no caller saying so', async () => {
    const store = new PostgresEventStore({ pool: fixture.pool });
    const service = serviceOn(store);
    const seller = { now: '2026-11-22T10:00:00.000Z', actorId: 21, actorRole: 'company' as const, actorCompanyId: 20 };
    const data = { jobId: 41, customerId: 10, primaryCompanyId: 20, service: 'Framing', customerInitiated: false };
    await service.decide(projectStream, 41, { type: 'CreateJobDraft', data, metadata: seller });
    const project = { status: 'draft' as const, customerId: 10, companyId: 20, retainagePercent: '0.00', siteState: null };
    const propose: MilestoneCommand = {
      type: 'ProposeMilestone',
      data: {
        originalId: asOriginalId(4100),
        jobId: 41,
        title: 'Frame',
        definition: 'Framed.',
        position: 1,
        payees: [{ companyId: 20, type: 'fixed', amount: '100.00', includeFee: false }],
        payeeIds: [1],
      },
      metadata: seller,
      project,
    };
    await service.decide(milestoneStream, 4100, propose);
    await service.decide(counter('elsewhere'), 1, { metadata });
    expect((await store.readStream('job-41'))[0]!.metadata).toMatchObject({ jobId: 41, actorId: '21' });
    expect((await store.readStream('milestone-4100'))[0]!.metadata).toMatchObject({ jobId: 41, actorId: '21' });
    // A stream that belongs to no project names none.
    expect((await store.readStream('elsewhere-1'))[0]!.metadata).not.toHaveProperty('jobId');
  });

  it('checks a command on the state it fetched, then appends at that revision without reading again', async () => {
    const reads: number[] = [];
    class CountingReads extends PostgresEventStore {
      override readStream(...args: Parameters<PostgresEventStore['readStream']>) {
        reads.push(args[1]?.fromRevision ?? 0);
        return super.readStream(...args);
      }
    }
    const store = new CountingReads({ pool: fixture.pool });
    const service = serviceOn(store);
    const capped: EventStream<number, Meta & { limit: number }, { type: string; data: unknown }> = {
      ...counter('capped'),
      decide: (command, n) => {
        if (n >= command.limit) throw new Error(`at most ${command.limit}`);
        return [{ type: 'Counted', data: { seen: n } }];
      },
    };
    await service.decide(capped, 1, { limit: 5, metadata });
    const write = await service.fetch(capped, 1);
    expect(write.state).toBe(1);
    expect(() => write.check({ limit: 1, metadata })).toThrow('at most 1'); // refused: nothing appended
    expect(write.check({ limit: 5, metadata })).toBe('new');
    const result = await write.decide({ limit: 5, metadata });
    expect(result.state).toBe(2);
    expect(reads).toEqual([0, 1]); // the first decide's read and the fetch: decide read nothing more
    // A retry of a command its key already appended has nothing to check: decide answers it as the first.
    await service.decide(capped, 1, { limit: 5, metadata }, { idempotencyKey: 'capped-key-1' });
    expect((await service.fetch(capped, 1)).check({ limit: 1, metadata }, { idempotencyKey: 'capped-key-1' })).toBe('retry');
  });

  it('decides again on the stream as it is when another writer appended between the fetch and the decide', async () => {
    const store = new PostgresEventStore({ pool: fixture.pool });
    const service = serviceOn(store);
    await service.decide(counter('between'), 1, { metadata });
    const write = await service.fetch(counter('between'), 1);
    await new PostgresEventStore({ pool: fixture.pool }).append('between-1', [testEvent('Counted')], { expectedRevision: 0 });
    const result = await write.decide({ metadata });
    expect(result.events).toEqual([{ type: 'Counted', data: { seen: 2 } }]);
    expect(await store.readStream('between-1')).toHaveLength(3);
  });

  it('answers a copy whose fetched stream predates the first copy as a replay, never with a refusal of its own', async () => {
    // Issue 40: a deposit retried across two API processes answered 409 "already funded". A copy
    // that read the stream before another copy of the same request appended must not be refused
    // on that stale read: read again, and the key's events answer it.
    const gated: EventStream<number, Meta & { needs: number }, { type: string; data: unknown }> = {
      streamId: (key) => `gated-${key}`,
      initialState: 0,
      evolve: (n: number) => n + 1,
      decide: (command, n) => {
        if (n < command.needs) throw conflict('concurrent_change', 'Not ready yet.');
        return [{ type: 'Gated', data: { seen: n } }];
      },
    };
    const store = new PostgresEventStore({ pool: fixture.pool });
    const [processA, processB] = [serviceOn(store), serviceOn(new PostgresEventStore({ pool: fixture.pool }))];
    const stale = await processA.fetch(gated, 1);
    await store.append('gated-1', [testEvent('Opened')], { expectedRevision: 'no_stream' });
    const first = await processB.decide(gated, 1, { needs: 1, metadata }, { idempotencyKey: 'gated-key-1' });
    const copy = await stale.decide({ needs: 1, metadata }, { idempotencyKey: 'gated-key-1' });
    expect(copy.replayed).toBe(true);
    expect(copy.events).toEqual(first.events);
    // A refusal still answers when the stream, read again, says so.
    await expect((await processA.fetch(gated, 1)).decide({ needs: 9, metadata }, { idempotencyKey: 'gated-key-2' })).rejects.toMatchObject({
      code: 'concurrent_change',
      message: 'Not ready yet.',
    });
  });
});
