import type { ReadAllPage, RecordedEvent } from '@escrow/domain';

import { startSubscription } from './subscription-loop';

const event = {
  id: 'e-1',
  streamId: 's-1',
  revision: 0,
  position: { commit: 1n, prepare: 1n },
  type: 'Happened',
  data: {},
  metadata: {},
  recordedAt: new Date(),
} as unknown as RecordedEvent;

/** A store whose one event stays invisible (an older transaction holds the read horizon) for `heldMs` after the wake-up. */
function heldStore(heldMs: number) {
  let visibleFrom = Number.POSITIVE_INFINITY;
  let delivered = false;
  let wake: ((appended: boolean) => void) | null = null;
  let reads = 0;
  return {
    get reads() {
      return reads;
    },
    append() {
      visibleFrom = Date.now() + heldMs;
      wake?.(true);
    },
    /** A nudge: something may have become readable (here nothing has). */
    hint() {
      wake?.(false);
    },
    readPage: async (): Promise<ReadAllPage> => {
      reads++;
      if (!delivered && Date.now() >= visibleFrom) {
        delivered = true;
        return { events: [event], lastPosition: event.position, hasMore: false };
      }
      return { events: [], lastPosition: delivered ? event.position : null, hasMore: false };
    },
    onWake: (callback: (appended: boolean) => void) => {
      wake = callback;
      return () => {
        wake = null;
      };
    },
  };
}

describe('the subscription loop after a wake-up', () => {
  it.each([200, 1500])('delivers an event whose read horizon is held %i ms soon after, not at the next poll', async (heldMs) => {
    const store = heldStore(heldMs);
    const deliveredAt: number[] = [];
    const subscription = startSubscription({
      after: null,
      batchSize: 100,
      pollIntervalMs: 60_000,
      readPage: store.readPage,
      onWake: store.onWake,
      handler: async () => {
        deliveredAt.push(Date.now());
      },
    });
    try {
      await new Promise((r) => setTimeout(r, 50)); // the loop is asleep on its poll interval
      const appendedAt = Date.now();
      store.append();
      const deadline = appendedAt + 10_000;
      while (deliveredAt.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(deliveredAt).toHaveLength(1);
      // Within twice the time the horizon was held (the retries double), plus a margin for a busy machine.
      expect(deliveredAt[0]! - appendedAt).toBeLessThan(2 * heldMs + 500);
      // And it does not spin: about one read per doubling.
      expect(store.reads).toBeLessThan(20);
    } finally {
      await subscription.stop();
    }
  });

  it('reads once after a nudge that finds nothing, then waits for the poll', async () => {
    const store = heldStore(0);
    const subscription = startSubscription({
      after: null,
      batchSize: 100,
      pollIntervalMs: 60_000,
      readPage: store.readPage,
      onWake: store.onWake,
      handler: async () => undefined,
    });
    try {
      await new Promise((r) => setTimeout(r, 50)); // the first read is done; the loop sleeps
      const before = store.reads;
      store.hint();
      await new Promise((r) => setTimeout(r, 400));
      // One read for the nudge; an append's wake would have read again after 5, 10, 20 … ms.
      expect(store.reads - before).toBe(1);
    } finally {
      await subscription.stop();
    }
  });
});

/** A store whose events are readable at once; each append wakes the subscriber. */
function liveStore() {
  const events: RecordedEvent[] = [];
  let wake: ((appended: boolean) => void) | null = null;
  return {
    append() {
      const n = BigInt(events.length + 1);
      events.push({ ...event, id: `e-${n}`, position: { commit: n, prepare: n } });
      wake?.(true);
    },
    readPage: async (after: { commit: bigint } | null, limit: number): Promise<ReadAllPage> => {
      const rest = events.filter((e) => after === null || e.position.commit > after.commit).slice(0, limit);
      return { events: rest, lastPosition: rest.at(-1)?.position ?? after, hasMore: rest.length === limit } as ReadAllPage;
    },
    onWake: (callback: (appended: boolean) => void) => {
      wake = callback;
      return () => {
        wake = null;
      };
    },
  };
}

describe('the subscription loop with a batch gap (group commit)', () => {
  const delay = (ms: number) => new Promise((r) => setTimeout(r, ms));

  async function batchesOf(batchGapMs: number): Promise<{ sizes: number[]; firstAfterMs: number; restAfterMs: number }> {
    const store = liveStore();
    const batches: { size: number; at: number }[] = [];
    const subscription = startSubscription({
      after: null,
      batchSize: 100,
      pollIntervalMs: 60_000,
      readPage: store.readPage,
      onWake: store.onWake,
      batchGapMs,
      handler: async (batch) => {
        batches.push({ size: batch.length, at: Date.now() });
      },
    });
    try {
      await delay(30); // the catch-up read found nothing: the loop sleeps
      const start = Date.now();
      store.append();
      await delay(20);
      for (let i = 0; i < 4; i++) {
        store.append(); // commands arriving 10 ms apart
        await delay(10);
      }
      await delay(batchGapMs + 100);
      return { sizes: batches.map((b) => b.size), firstAfterMs: batches[0]!.at - start, restAfterMs: batches[1]!.at - start };
    } finally {
      await subscription.stop();
    }
  }

  it('delivers the first event at once, then what came during the gap in one batch', async () => {
    const { sizes, firstAfterMs, restAfterMs } = await batchesOf(150);
    expect(sizes).toEqual([1, 4]);
    expect(firstAfterMs).toBeLessThan(100);
    expect(restAfterMs).toBeGreaterThanOrEqual(145);
  });

  it('without a gap, reads at every wake-up (a batch per command)', async () => {
    const { sizes } = await batchesOf(0);
    expect(sizes.length).toBeGreaterThanOrEqual(4);
    expect(sizes.reduce((a, b) => a + b, 0)).toBe(5);
  });

  it('stops at once during a gap', async () => {
    const store = liveStore();
    const subscription = startSubscription({
      after: null,
      batchSize: 100,
      pollIntervalMs: 60_000,
      readPage: store.readPage,
      onWake: store.onWake,
      batchGapMs: 60_000,
      handler: async () => undefined,
    });
    await delay(30);
    store.append();
    await delay(30);
    store.append(); // its read waits out the gap
    await delay(10);
    const stopping = Date.now();
    await subscription.stop();
    expect(Date.now() - stopping).toBeLessThan(1000);
  });
});
