import type { GlobalPosition, ReadAllPage, RecordedEvent, Subscription } from '@escrow/domain';

export interface SubscriptionLoopOptions {
  after: GlobalPosition | null;
  batchSize: number;
  pollIntervalMs: number;
  readPage: (after: GlobalPosition | null, limit: number) => Promise<ReadAllPage>;
  /**
   * Registers a wake-up callback; returns its unregister function. `appended` is true when an
   * append is known to have happened (a notification, a local append) and false for a mere hint
   * that something may have become readable (a nudge).
   */
  onWake: (wake: (appended: boolean) => void) => () => void;
  handler: (batch: RecordedEvent[]) => Promise<void>;
  /** A failed read (database restarting) is retried after this delay instead of ending the subscription. */
  readRetryMs?: number;
  /**
   * Group commit: after a read that delivered events and left none behind, the next read starts
   * no sooner than this many ms after it did, so the events of commands arriving meanwhile come
   * in one batch (one projector transaction) instead of one each. 0: read at every wake-up.
   */
  batchGapMs?: number;
}

/**
 * After a wake-up that found nothing, read again after this delay, doubling it each time until it
 * reaches the poll interval: the event is known to exist, so it is delivered within about twice
 * the time the read horizon was held, however long that is. (Until 2026-11-26 the retries
 * stopped after 315 ms and fell back to the poll; on a busy database a horizon held longer left
 * a woken subscriber waiting a whole poll interval.)
 */
const FIRST_READ_AFTER_WAKE_MS = 5;

/**
 * Catch-up then live delivery over a pull-based store: read pages until the store has nothing
 * visible, then sleep until woken or until the poll interval passes. Wake-ups are only hints;
 * polling alone is enough to deliver everything. A wake-up (an append) whose read finds nothing
 * usually means another transaction still holds the read horizon for a moment: reading again
 * after growing delays delivers the event soon after it has ended, instead of at the next poll.
 */
export function startSubscription(options: SubscriptionLoopOptions): Subscription {
  let stopped = false;
  let woken = false;
  /** Woken by an append since the last read: a read that finds nothing means the horizon is held. */
  let appendSeen = false;
  /** Ends the current wait early; `wakeable`: whether a wake-up may (stop always does). */
  let interrupt: (() => void) | null = null;
  let wakeable = false;
  const wake = (appended: boolean): void => {
    woken = true;
    if (appended) appendSeen = true;
    if (wakeable) interrupt?.();
  };
  const unregister = options.onWake(wake);

  /** Waits `ms`; a wake-up cuts a sleep short, not a pause (the batch gap); stop cuts both. */
  const wait = (ms: number, byWake: boolean): Promise<void> =>
    new Promise((resolve) => {
      if (stopped || (byWake && woken)) return resolve();
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        interrupt = null;
        resolve();
      }
      interrupt = done;
      wakeable = byWake;
    });
  const sleep = (ms: number) => wait(ms, true);
  const pause = (ms: number) => wait(ms, false);

  const run = async (): Promise<void> => {
    let after = options.after;
    const gapMs = options.batchGapMs ?? 0;
    try {
      let soonMs: number | null = null;
      /** When the last read that delivered events started (for the batch gap). */
      let deliveredReadAt: number | null = null;
      while (!stopped) {
        if (deliveredReadAt !== null) {
          const wait = deliveredReadAt + gapMs - Date.now();
          deliveredReadAt = null;
          if (wait > 0) await pause(wait);
          if (stopped) break;
        }
        // Only an append is known to exist: an empty read after a hint (a projector's batch ended)
        // starts no quick re-reads (they cost a read per subscriber and doubling, after every batch).
        const byWake = appendSeen;
        woken = false;
        appendSeen = false;
        let page: ReadAllPage;
        const readAt = Date.now();
        try {
          page = await options.readPage(after, options.batchSize);
        } catch (error) {
          if (stopped) break;
          await sleep(options.readRetryMs ?? 1000);
          continue;
        }
        if (stopped) break;
        if (page.events.length > 0) await options.handler(page.events);
        // A page may pass events that are not ours (EventStoreDB's system events) without
        // returning any: its lastPosition still moves on, or the loop would read them forever.
        after = page.lastPosition ?? after;
        if (page.events.length > 0) soonMs = null;
        else if (byWake) soonMs = FIRST_READ_AFTER_WAKE_MS;
        if (page.hasMore) continue;
        if (page.events.length > 0 && gapMs > 0) deliveredReadAt = readAt;
        if (page.events.length === 0 && soonMs !== null && soonMs < options.pollIntervalMs) {
          await sleep(soonMs);
          soonMs *= 2;
        } else {
          soonMs = null;
          await sleep(options.pollIntervalMs);
        }
      }
    } finally {
      unregister();
    }
  };

  const done = run();
  return {
    done,
    stop: async () => {
      stopped = true;
      interrupt?.();
      await done.catch(() => undefined);
    },
  };
}
