import { randomUUID } from 'node:crypto';

import {
  comparePositions,
  type EventStore,
  type GlobalPosition,
  IdempotencyConflictError,
  type NewEvent,
  type RecordedEvent,
  WrongExpectedVersionError,
} from '@escrow/domain';
import { chainEvents, ChainWalk, GENESIS_HASH } from '@escrow/projections';

import { eventIdFromKey } from './event-ids';

export interface ContractSubject {
  store: EventStore;
  close(): Promise<void>;
}

function event(type: string, data: Record<string, unknown> = {}, id?: string): NewEvent {
  return {
    ...(id ? { id } : {}),
    type,
    data,
    metadata: { actorId: '1', actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * The behaviour every EventStore adapter must show. Call inside a describe block; each test gets
 * a fresh store from `open` (a fresh database, or a fresh stream prefix on a shared cluster).
 * Readers of the global order start at the newest event there was when the test began, so the
 * suite runs as well on a cluster already holding millions of events (and other tests' writes).
 */
export function eventStoreContract(open: () => Promise<ContractSubject & { streamPrefix: string }>): void {
  let subject: ContractSubject & { streamPrefix: string };
  let store: EventStore;
  let start: GlobalPosition | null;
  const stream = (name: string) => `${subject.streamPrefix}${name}`;

  beforeEach(async () => {
    subject = await open();
    store = subject.store;
    start = (await store.headPosition())?.position ?? null;
  });
  afterEach(() => subject.close());

  it('appends events with revisions from 0 and reads them back in order', async () => {
    const first = await store.append(stream('order-1'), [event('A', { n: 1 }), event('B', { n: 2 })], { expectedRevision: 'no_stream' });
    expect(first).toMatchObject({ nextExpectedRevision: 1, appended: true });
    await store.append(stream('order-1'), [event('C', { n: 3 })], { expectedRevision: 1 });
    const read = await store.readStream(stream('order-1'));
    expect(read.map((e) => [e.type, e.revision, e.data])).toEqual([
      ['A', 0, { n: 1 }],
      ['B', 1, { n: 2 }],
      ['C', 2, { n: 3 }],
    ]);
    expect(read[0]!.metadata).toMatchObject({ actorId: '1', schemaVersion: 1 });
    expect(comparePositions(read[0]!.position, read[2]!.position)).toBeLessThan(0);
  });

  it('chains every event to the previous one of its stream, the same way in every store and append shape', async () => {
    const s = stream('chain-1');
    const events = [event('A', { n: 1 }, randomUUID()), event('B', { n: 2, nested: { z: 1, a: [1, 'x'] } }, randomUUID()), event('C', {}, randomUUID())];
    const more = [event('D', { amount: '10.00' }, randomUUID()), event('E', { n: 5 }, randomUUID())];
    await store.append(s, events.slice(0, 2), { expectedRevision: 'no_stream' });
    await store.append(s, [events[2]!], { expectedRevision: 1 });
    await store.append(s, [more[0]!], { expectedRevision: 'any' });
    await store.append(s, [more[1]!], { expectedRevision: 'stream_exists' });
    await store.append(stream('chain-2'), [event('Other')], { expectedRevision: 'any' });
    const read = await store.readStream(s);
    // The hashes any store must compute for this content (RFC 8785 of stream, id, type, data, metadata).
    const expected = chainEvents(
      GENESIS_HASH,
      [...events, ...more].map((e) => ({ streamId: s, id: e.id!, type: e.type, data: e.data, metadata: e.metadata })),
    );
    expect(read.map((e) => e.integrity)).toEqual(expected);
    expect(read[0]!.integrity!.previousHash).toBe(GENESIS_HASH);
    const walk = new ChainWalk();
    for (const e of read) walk.add(e);
    expect({ breaks: walk.breaks, events: walk.events }).toEqual({ breaks: [], events: 5 });
    // The global order carries the same hashes, and metadata stays exactly what was appended.
    // Another transaction anywhere in the cluster may briefly hold the newest events back.
    let inOrder: RecordedEvent[] = [];
    await waitUntil(
      async () => {
        inOrder = (await store.readAll({ after: start, limit: 100 })).events.filter((e) => e.streamId === s);
        return inOrder.length >= expected.length;
      },
      10_000,
      'the global order to show the chained stream',
    );
    expect(inOrder.map((e) => e.integrity)).toEqual(expected);
    expect(read[3]!.metadata).toEqual(more[0]!.metadata);
  });

  it('keeps one chain per stream when appends with expected revision any race', async () => {
    const s = stream('chain-any');
    await Promise.all(
      Array.from({ length: 12 }, (_, i) => store.append(s, [event('Any', { writer: i }), event('Any2', { writer: i })], { expectedRevision: 'any' })),
    );
    const walk = new ChainWalk();
    for (const e of await store.readStream(s)) walk.add(e);
    expect({ breaks: walk.breaks, events: walk.events }).toEqual({ breaks: [], events: 24 });
  });

  it('reads a stream that does not exist as empty', async () => {
    expect(await store.readStream(stream('never-written'))).toEqual([]);
  });

  it('checks every kind of expected revision', async () => {
    const s = stream('expect-1');
    await expect(store.append(s, [event('A')], { expectedRevision: 'stream_exists' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(store.append(s, [event('A')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.append(s, [event('A')], { expectedRevision: 'no_stream' });
    await expect(store.append(s, [event('B')], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.append(s, [event('B')], { expectedRevision: 'stream_exists' });
    await store.append(s, [event('C')], { expectedRevision: 'any' });
    await expect(store.append(s, [event('D')], { expectedRevision: 1 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await expect(store.append(s, [event('D')], { expectedRevision: 7 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    await store.append(s, [event('D')], { expectedRevision: 2 });
    expect((await store.readStream(s)).map((e) => `${e.revision}${e.type}`)).toEqual(['0A', '1B', '2C', '3D']);
  });

  it('lets exactly one of 32 parallel appends at one expected revision win, leaving no gaps', async () => {
    const s = stream('race-1');
    await store.append(s, [event('Opened')], { expectedRevision: 'no_stream' });
    const results = await Promise.allSettled(Array.from({ length: 32 }, (_, i) => store.append(s, [event('Raced', { writer: i })], { expectedRevision: 0 })));
    const won = results.filter((r) => r.status === 'fulfilled');
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(31);
    for (const failure of lost) expect(failure.reason).toBeInstanceOf(WrongExpectedVersionError);
    expect((await store.readStream(s)).map((e) => e.revision)).toEqual([0, 1]);
  });

  it('numbers concurrent appends with expected revision any without gaps or losses', async () => {
    const s = stream('any-1');
    await Promise.all(Array.from({ length: 20 }, (_, i) => store.append(s, [event('Any', { writer: i })], { expectedRevision: 'any' })));
    const read = await store.readStream(s);
    expect(read.map((e) => e.revision)).toEqual(Array.from({ length: 20 }, (_, i) => i));
    expect(new Set(read.map((e) => (e.data as { writer: number }).writer)).size).toBe(20);
  });

  it('answers a retried append with the same ids as the first time and appends nothing', async () => {
    const s = stream('idem-1');
    const ids = [eventIdFromKey('user-1:deposit', 'key-123', 0), eventIdFromKey('user-1:deposit', 'key-123', 1)];
    const events = [event('DepositRequested', { amount: '100.00' }, ids[0]), event('Noted', { text: 'x' }, ids[1])];
    const first = await store.append(s, events, { expectedRevision: 'no_stream' });
    const retry = await store.append(
      s,
      events.map((e) => ({ ...e, metadata: { ...e.metadata, correlationId: randomUUID() } })),
      { expectedRevision: 'no_stream' },
    );
    expect(retry).toEqual({ ...first, appended: false });
    const retryWithAny = await store.append(s, events, { expectedRevision: 'any' });
    expect(retryWithAny.appended).toBe(false);
    expect(await store.readStream(s)).toHaveLength(2);
  });

  it('refuses the same event ids with different content', async () => {
    const s = stream('idem-2');
    const id = eventIdFromKey('user-1:deposit', 'key-456', 0);
    await store.append(s, [event('DepositRequested', { amount: '100.00' }, id)]);
    await expect(store.append(s, [event('DepositRequested', { amount: '999.00' }, id)])).rejects.toBeInstanceOf(IdempotencyConflictError);
    expect(await store.readStream(s)).toHaveLength(1);
  });

  it('pages through the global order, every event exactly once, in increasing positions', async () => {
    const written: string[] = [];
    for (let i = 0; i < 25; i++) {
      const e = event('Paged', { i }, randomUUID());
      written.push(e.id!);
      await store.append(stream(`page-${i % 3}`), [e]);
    }
    const seen: RecordedEvent[] = [];
    let after = start;
    let pages = 0;
    // Another transaction anywhere in the cluster may briefly hold events back: keep paging.
    for (let idle = 0; seen.length < written.length && idle < 500;) {
      const page = await store.readAll({ after, limit: 10 });
      if (page.events.length > 0) pages++;
      else {
        idle++;
        await new Promise((r) => setTimeout(r, 10));
      }
      seen.push(...page.events.filter((e) => e.streamId.startsWith(subject.streamPrefix)));
      after = page.lastPosition;
    }
    expect(pages).toBeGreaterThanOrEqual(3);
    expect(seen.map((e) => e.id)).toEqual(written);
    for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
  });

  it('lets a reader paging during concurrent appends see every event exactly once, in order', async () => {
    let writing = true;
    const writers = Promise.all(
      Array.from({ length: 4 }, async (_, w) => {
        for (let i = 0; i < 15; i++)
          await store.append(
            stream(`concurrent-${w}`),
            Array.from({ length: 5 }, (_, k) => event('Concurrent', { w, i, k })),
          );
      }),
    ).finally(() => {
      writing = false;
    });
    const seen: RecordedEvent[] = [];
    let after = start;
    for (let idle = 0; idle < 200;) {
      const page = await store.readAll({ after, limit: 7 });
      seen.push(...page.events.filter((e) => e.streamId.startsWith(`${subject.streamPrefix}concurrent-`)));
      after = page.lastPosition;
      if (page.events.length === 0) {
        if (!writing && seen.length === 300) break;
        idle++;
        await new Promise((r) => setTimeout(r, 10));
      }
    }
    await writers;
    expect(new Set(seen.map((e) => e.id)).size).toBe(300);
    expect(seen).toHaveLength(300);
    for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
  });

  it('delivers a subscription from a position: catch-up first, then live', async () => {
    const s = stream('sub-1');
    const early = await store.append(s, [event('Early', { n: 0 })]);
    await store.append(s, [event('Early', { n: 1 }), event('Early', { n: 2 })]);
    const received: RecordedEvent[] = [];
    const subscription = store.subscribeToAll({ after: early.position, batchSize: 2 }, async (batch) => {
      received.push(...batch.filter((e) => e.streamId === s));
    });
    try {
      await waitUntil(() => received.length === 2, 10_000, 'catch-up');
      await store.append(s, [event('Live', { n: 3 })]);
      await waitUntil(() => received.length === 3, 10_000, 'the live event');
      expect(received.map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
    } finally {
      await subscription.stop();
    }
  });

  it('ends a subscription with the error its handler threw', async () => {
    await store.append(stream('sub-2'), [event('Boom')]);
    const subscription = store.subscribeToAll({ after: start }, async () => {
      throw new Error('handler failed');
    });
    await expect(subscription.done).rejects.toThrow('handler failed');
  });
}
