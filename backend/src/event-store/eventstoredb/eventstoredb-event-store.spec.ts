import { randomUUID } from 'node:crypto';

import { comparePositions, type GlobalPosition, IdempotencyConflictError, type NewEvent, type RecordedEvent, WrongExpectedVersionError } from '@escrow/domain';
import { ChainWalk, GENESIS_HASH } from '@escrow/projections';

import { eventStoreContract } from '../contract';
import { eventIdFromKey } from '../event-ids';
import { SEARCH_WINDOW } from './all-stream-reader';
import { EventStoreDbEventStore } from './eventstoredb-event-store';
import { EventStoreDbModel } from './eventstoredb-model.test-kit';

/**
 * The adapter's own logic (cursor, pages, live delivery, idempotency) against a model of the
 * server (eventstoredb-model.test-kit.ts), since no EventStoreDB can run where this is built.
 * What a real server does is checked by eventstoredb-event-store.int.spec.ts when one is given.
 */
function event(type: string, data: Record<string, unknown> = {}, id?: string): NewEvent {
  return {
    ...(id ? { id } : {}),
    type,
    data,
    metadata: { actorId: '1', actorRole: 'system', correlationId: randomUUID(), causationId: null, occurredAt: new Date().toISOString(), schemaVersion: 1 },
  };
}

function open(): { model: EventStoreDbModel; store: EventStoreDbEventStore; logs: string[] } {
  const model = new EventStoreDbModel();
  const logs: string[] = [];
  const store = new EventStoreDbEventStore({ connectionString: 'esdb://model', client: model.client, resubscribeMs: 5, log: (line) => logs.push(line) });
  return { model, store, logs };
}

async function waitUntil(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

const n = (e: RecordedEvent) => (e.data as { n: number }).n;

describe('EventStoreDbEventStore (against a model of the server)', () => {
  describe('the contract suite', () => {
    eventStoreContract(async () => {
      const { store } = open();
      return { store, streamPrefix: '', close: () => store.close() };
    });
  });

  describe('pages of the global order', () => {
    it('moves the cursor on an empty first page of a cluster that holds only system events', async () => {
      const { model, store } = open();
      model.writeSystemEvents(700);
      const first = await store.readAll({ after: null, limit: 50 });
      expect(first.events).toEqual([]);
      expect(first.hasMore).toBe(false);
      // Past all but the last two windows of system events (a checkpoint names the start of a
      // window with no match, and the last window ends in caught-up, not in a checkpoint).
      const passed = model.records.filter((r) => first.lastPosition && comparePositions(r.position, first.lastPosition) <= 0).length;
      expect(passed).toBeGreaterThan(700 - 2 * SEARCH_WINDOW);
      await store.append('job-1', [event('Ours', { n: 1 })]);
      const second = await store.readAll({ after: first.lastPosition, limit: 50 });
      expect(second.events.map(n)).toEqual([1]);
    });

    it('reads every event once, in order, across 500+ system events in a row, with small pages', async () => {
      const { model, store } = open();
      const expected: number[] = [];
      for (let i = 0; i < 12; i++) {
        await store.append(`job-${i % 3}`, [event('Ours', { n: i })]);
        expected.push(i);
        if (i % 4 === 1) model.writeSystemEvents(520 + i, `$$job-${i}`, '$metadata');
      }
      // A tombstone-like `$` event inside a user stream passes the server filter: dropped here.
      await model.appendToStream('job-0', { id: randomUUID(), type: '$streamDeleted', data: {} });
      const seen: RecordedEvent[] = [];
      let after: GlobalPosition | null = null;
      let calls = 0;
      for (;;) {
        const page = await store.readAll({ after, limit: 5 });
        calls++;
        seen.push(...page.events);
        if (page.lastPosition && after) expect(comparePositions(page.lastPosition, after)).toBeGreaterThanOrEqual(0);
        after = page.lastPosition;
        if (!page.hasMore) break;
        expect(calls).toBeLessThan(50);
      }
      expect(seen.map(n)).toEqual(expected);
      for (let i = 1; i < seen.length; i++) expect(comparePositions(seen[i - 1]!.position, seen[i]!.position)).toBeLessThan(0);
      // Nothing left: the next page is empty and starts where this one ended.
      const rest = await store.readAll({ after, limit: 5 });
      expect(rest.events).toEqual([]);
    });

    it('says a full page may have more and ends it at its last event', async () => {
      const { store } = open();
      for (let i = 0; i < 7; i++) await store.append('job-x', [event('Ours', { n: i })]);
      const page = await store.readAll({ after: null, limit: 5 });
      expect(page.events.map(n)).toEqual([0, 1, 2, 3, 4]);
      expect(page.hasMore).toBe(true);
      expect(page.lastPosition).toEqual(page.events[4]!.position);
      const next = await store.readAll({ after: page.lastPosition, limit: 5 });
      expect(next.events.map(n)).toEqual([5, 6]);
      expect(next.hasMore).toBe(false);
    });
  });

  describe('live delivery', () => {
    it('catches up across system events, goes live, and resumes from its cursor after the server drops it', async () => {
      const { model, store, logs } = open();
      for (let i = 0; i < 30; i++) {
        await store.append(`milestone-${i % 4}`, [event('Ours', { n: i })]);
        if (i % 10 === 3) model.writeSystemEvents(600, '$stats-127.0.0.1:2113', '$statsCollected');
      }
      const received: number[] = [];
      const subscription = store.subscribeToAll({ after: null, batchSize: 7 }, async (batch) => {
        await new Promise((r) => setImmediate(r));
        received.push(...batch.map(n));
      });
      try {
        await waitUntil(() => received.length === 30, 'catch-up');
        for (let i = 30; i < 60; i++) {
          await store.append(`milestone-${i % 4}`, [event('Ours', { n: i })]);
          if (i % 9 === 0) {
            await waitUntil(() => model.live.size > 0, 'a live subscription to drop');
            model.dropSubscriptions(i % 2 ? 'Leader changed' : 'Not leader');
          }
          if (i % 13 === 0) model.writeSystemEvents(300);
        }
        await waitUntil(() => received.length === 60, 'live events');
        expect(received).toEqual(Array.from({ length: 60 }, (_, i) => i));
        expect(logs.filter((l) => /dropped \((Leader changed|Not leader)\)/.test(l))).toHaveLength(3);
        // Each new subscription started past what was delivered, never from the start again.
        const later = model.subscriptions.slice(1).map((s) => s.fromPosition);
        expect(later.length).toBeGreaterThan(0);
        expect(later.every((p) => p !== 'start')).toBe(true);
      } finally {
        await subscription.stop();
      }
    });

    it('resubscribes past a long run of system events it had already passed (the checkpoint), not before it', async () => {
      const { model, store } = open();
      await store.append('job-1', [event('Ours', { n: 1 })]);
      const received: number[] = [];
      const subscription = store.subscribeToAll({ after: null, batchSize: 10 }, async (batch) => void received.push(...batch.map(n)));
      try {
        await waitUntil(() => received.length === 1, 'the first event');
        model.writeSystemEvents(1000);
        const lastSystem = model.records[model.records.length - 1]!.position;
        // Live checkpoints come every window of events: give the last window's a moment.
        await new Promise((r) => setTimeout(r, 20));
        model.dropSubscriptions();
        await waitUntil(() => model.subscriptions.length === 2, 'a new subscription');
        const from = model.subscriptions[1]!.fromPosition as GlobalPosition;
        const skipped = model.records.filter((r) => comparePositions(r.position, from) <= 0).length;
        expect(skipped).toBeGreaterThan(1000 - SEARCH_WINDOW);
        expect(comparePositions(from, lastSystem)).toBeLessThanOrEqual(0);
        await store.append('job-1', [event('Ours', { n: 2 })]);
        await waitUntil(() => received.length === 2, 'the event after the drop');
        expect(received).toEqual([1, 2]);
      } finally {
        await subscription.stop();
      }
    });

    it('never moves past events still waiting in the buffer when the server drops it during a slow batch', async () => {
      const { model, store } = open();
      model.tooSlowAt = 40;
      const received: number[] = [];
      let slow = true;
      const subscription = store.subscribeToAll({ after: null, batchSize: 5 }, async (batch) => {
        if (slow) await new Promise((r) => setTimeout(r, 30));
        received.push(...batch.map(n));
      });
      try {
        for (let i = 0; i < 200; i++) {
          await store.append(`job-${i % 5}`, [event('Ours', { n: i })]);
          if (i % 50 === 10) model.writeSystemEvents(200);
        }
        slow = false;
        await waitUntil(() => received.length >= 200, 'every event', 20_000);
        expect(received).toEqual(Array.from({ length: 200 }, (_, i) => i));
        expect(model.subscriptions.length).toBeGreaterThan(1); // it was dropped as too slow at least once
      } finally {
        await subscription.stop();
      }
    });
  });

  describe('appends', () => {
    it('answers a retried keyed append with the first append’s revisions and positions, from what the server holds', async () => {
      const { model, store } = open();
      const ids = [eventIdFromKey('user-1:job-7', 'key-1', 0), eventIdFromKey('user-1:job-7', 'key-1', 1)];
      await store.append('job-7', [event('Opened')], { expectedRevision: 'no_stream' });
      const first = await store.append('job-7', [event('A', { a: 1 }, ids[0]), event('B', { b: 2 }, ids[1])], { expectedRevision: 0 });
      const stored = model.records.filter((r) => r.streamId === 'job-7');
      expect(first).toEqual({
        nextExpectedRevision: 2,
        position: { commit: stored[2]!.position.commit, prepare: stored[2]!.position.prepare },
        appended: true,
      });
      await store.append('job-7', [event('Later')], { expectedRevision: 2 });
      // The same request again, decided a moment later (other metadata), at its first expected revision.
      const retry = await store.append('job-7', [event('A', { a: 1 }, ids[0]), event('B', { b: 2 }, ids[1])], { expectedRevision: 0 });
      expect(retry).toEqual({ ...first, appended: false });
      expect(model.records.filter((r) => r.streamId === 'job-7')).toHaveLength(4);
    });

    it('reads only the event it chains to and the events it appended, never the whole stream', async () => {
      const { model, store } = open();
      for (let i = 0; i < 40; i++) await store.append('job-long', [event('Step', { i })], { expectedRevision: i === 0 ? 'no_stream' : i - 1 });
      model.streamReads.length = 0;
      await store.append('job-long', [event('X', {}, eventIdFromKey('s', 'k', 0)), event('Y', {}, eventIdFromKey('s', 'k', 1))], { expectedRevision: 39 });
      expect(model.streamReads).toEqual([
        { streamId: 'job-long', fromRevision: 39n, maxCount: 1 },
        { streamId: 'job-long', fromRevision: 40n, maxCount: 2 },
      ]);
    });

    it('refuses the same ids with other content, which the server alone would accept as a retry', async () => {
      const { store } = open();
      const id = eventIdFromKey('user-1:job-8', 'key-2', 0);
      await store.append('job-8', [event('Deposit', { amount: '100.00' }, id)], { expectedRevision: 'no_stream' });
      await expect(store.append('job-8', [event('Deposit', { amount: '999.00' }, id)], { expectedRevision: 'no_stream' })).rejects.toBeInstanceOf(
        IdempotencyConflictError,
      );
    });

    it('maps a wrong expected revision, also for a retry at another revision than its first append', async () => {
      const { store } = open();
      const id = eventIdFromKey('user-1:job-9', 'key-3', 0);
      await store.append('job-9', [event('Opened')], { expectedRevision: 'no_stream' });
      await store.append('job-9', [event('Keyed', {}, id)], { expectedRevision: 0 });
      await expect(store.append('job-9', [event('Keyed', {}, id)], { expectedRevision: 1 })).resolves.toBeDefined(); // a new append: the server only compares ids after the expected revision
      await expect(store.append('job-9', [event('Other')], { expectedRevision: 0 })).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });
  });

  describe('the hash chain', () => {
    it('keeps the hashes in the metadata on the server and gives readers the metadata as it was appended', async () => {
      const { model, store } = open();
      const appended = event('Opened', { n: 1 });
      await store.append('job-h', [appended], { expectedRevision: 'no_stream' });
      await store.append('job-h', [event('Next', { n: 2 })], { expectedRevision: 'any' });
      const onServer = model.records.filter((r) => r.streamId === 'job-h').map((r) => r.metadata as Record<string, any>);
      expect(onServer[0]!.integrity.previousHash).toBe(GENESIS_HASH);
      expect(onServer[1]!.integrity.previousHash).toBe(onServer[0]!.integrity.hash);
      const [first, second] = await store.readStream('job-h');
      expect(first!.metadata).toEqual(appended.metadata);
      expect(first!.integrity).toEqual(onServer[0]!.integrity);
      expect(second!.integrity!.previousHash).toBe(first!.integrity!.hash);
    });

    it('refuses metadata that would overwrite the hashes', async () => {
      const { store } = open();
      const forged = event('Forged');
      forged.metadata = { ...forged.metadata, integrity: { hash: 'x' } };
      await expect(store.append('job-f', [forged])).rejects.toThrow('metadata.integrity');
    });

    it('chains to the new end when another writer appended between its read and its append', async () => {
      const { model, store } = open();
      const other = new EventStoreDbEventStore({ connectionString: 'esdb://model', client: model.client });
      await store.append('job-r', [event('Opened')], { expectedRevision: 'no_stream' });
      // Another process appends right after our first read of the end of the stream.
      const realRead = model.readStream.bind(model);
      let raced = false;
      model.readStream = ((id: string, options: { direction?: string }) => {
        const read = realRead(id, options as never);
        if (raced || options.direction !== 'backwards') return read;
        raced = true;
        return (async function* () {
          for await (const item of read) yield item;
          await other.append('job-r', [event('Raced')], { expectedRevision: 'any' });
        })();
      }) as never;
      await store.append('job-r', [event('Ours')], { expectedRevision: 'any' });
      const stream = await store.readStream('job-r');
      expect(stream.map((e) => e.type)).toEqual(['Opened', 'Raced', 'Ours']);
      const walk = new ChainWalk();
      for (const e of stream) walk.add(e);
      expect(walk.breaks).toEqual([]);
    });
  });
});
