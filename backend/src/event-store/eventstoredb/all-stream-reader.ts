import {
  comparePositions,
  type EventIntegrity,
  type EventMetadata,
  type GlobalPosition,
  type ReadAllPage,
  type RecordedEvent,
  type Subscription,
} from '@escrow/domain';
import {
  type AllStreamRecordedEvent,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Position,
  type ResolvedEvent,
  START,
  streamNameFilter,
} from '@eventstore/db-client';

/** What the adapter uses of EventStoreDBClient; the unit tests give it a model of the server. */
export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/**
 * The server filters by stream name (system streams start with `$`) and looks at this many
 * events per internal page; after each such window it reports a checkpoint, the position up to
 * which it has looked, whether or not anything passed. Those checkpoints move our cursor across
 * long runs of system events (scavenges, stream metadata, statistics) without reading them.
 */
export const SEARCH_WINDOW = 128;
/** Without a caught-up signal (servers before 23.10) a page ends after this much silence. */
const PAGE_SILENCE_MS = 2000;

/** Not ours: system streams (also filtered by the server) and `$`-typed events in user streams (tombstones, links). */
export function isUserEvent(event: { streamId: string; type: string }): boolean {
  return !event.streamId.startsWith('$') && !event.type.startsWith('$');
}

export function toGlobal(position: Position): GlobalPosition {
  return { commit: position.commit, prepare: position.prepare };
}

/** Where the adapter keeps an event's hashes in its metadata; readers get them as `integrity`, and the metadata as it was appended. */
export const INTEGRITY_KEY = 'integrity';

export function toRecorded(event: AllStreamRecordedEvent | NonNullable<ResolvedEvent['event']>): RecordedEvent {
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} of ${event.streamId} without a position`);
  const { [INTEGRITY_KEY]: integrity, ...metadata } = (event.metadata ?? {}) as EventMetadata & { [INTEGRITY_KEY]?: EventIntegrity };
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toGlobal(event.position),
    type: event.type,
    data: event.data,
    metadata: metadata as EventMetadata,
    recordedAt: event.created,
    ...(integrity !== undefined ? { integrity } : {}),
  };
}

const later = (a: GlobalPosition | null, b: GlobalPosition): GlobalPosition => (a === null || comparePositions(b, a) > 0 ? b : a);

/**
 * Where a reader of a filtered $all subscription may continue from. An event moves it once
 * delivered; a checkpoint moves it once every event the server sent before the checkpoint has
 * been delivered (they may still sit in the stream's buffer when the checkpoint arrives), so a
 * reader that stops or reconnects at the cursor never skips an event and never rereads a run
 * of filtered-out ones.
 */
class AllStreamCursor {
  private taken = 0;
  private delivered = 0;
  private readonly checkpoints: { position: GlobalPosition; after: number }[] = [];

  constructor(public position: GlobalPosition | null) {}

  /** The server passed `position`; `buffered` events it sent before are not taken out yet. */
  checkpoint(position: Position, buffered: number): void {
    this.checkpoints.push({ position: toGlobal(position), after: this.taken + buffered });
    this.settle();
  }

  /** Events (any kind) taken out of the stream, not yet delivered. */
  take(count: number): void {
    this.taken += count;
  }

  /** The events taken so far are delivered (handled, or part of the page returned). */
  deliveredUpTo(last: GlobalPosition | null): void {
    this.delivered = this.taken;
    if (last) this.position = later(this.position, last);
    this.settle();
  }

  /** The number of events taken so far, for a marker placed in the stream now (caught up). */
  mark(buffered: number): number {
    return this.taken + buffered;
  }

  get takenSoFar(): number {
    return this.taken;
  }

  private settle(): void {
    while (this.checkpoints.length > 0 && this.checkpoints[0]!.after <= this.delivered) {
      this.position = later(this.position, this.checkpoints.shift()!.position);
    }
  }
}

/**
 * A filtered catch-up subscription to $all as the reader sees it: what it can take now, whether
 * the server said it caught up, ended it or failed it. The client only emits 'error' (it does
 * not destroy the stream), so the failure is remembered here and every wait checks it first.
 */
class FilteredAll {
  readonly stream: AllStreamSubscription;
  /** The number of items taken, once the caught-up marker is reached. */
  caughtUpAt: number | null = null;
  failure: Error | null = null;
  ended = false;
  private readonly changed = new Set<() => void>();

  constructor(
    client: EsdbClient,
    readonly cursor: AllStreamCursor,
    highWaterMark: number,
    /** Pages end at the caught-up marker; a live subscription reads on past it. */
    private readonly stopAtCaughtUp: boolean,
  ) {
    // `subscription` is the stream the checkpoint belongs to: its buffer holds the events sent before it.
    const filter = streamNameFilter({
      regex: '^[^$]',
      maxSearchWindow: SEARCH_WINDOW,
      checkpointInterval: 1,
      checkpointReached: (subscription, position) => cursor.checkpoint(position, subscription.readableLength),
    });
    const from = cursor.position;
    this.stream = client.subscribeToAll(
      { fromPosition: from ? { commit: from.commit, prepare: from.prepare } : START, resolveLinkTos: false, filter },
      { highWaterMark },
    );
    const notify = () => {
      for (const wake of [...this.changed]) wake();
    };
    this.stream.on('readable', notify);
    this.stream.on('caughtUp', () => {
      this.caughtUpAt ??= cursor.mark(this.stream.readableLength);
      notify();
    });
    this.stream.on('end', () => {
      this.ended = true;
      notify();
    });
    this.stream.on('error', (error: Error) => {
      this.failure ??= error;
      notify();
    });
  }

  /** Up to `max` items, no further than the caught-up marker. */
  take(max: number): AllStreamResolvedEvent[] {
    const room = this.caughtUpAt === null || !this.stopAtCaughtUp ? max : Math.min(max, this.caughtUpAt - this.cursor.takenSoFar);
    const items: AllStreamResolvedEvent[] = [];
    while (items.length < room) {
      const item = this.stream.read() as AllStreamResolvedEvent | null;
      if (item === null) break;
      items.push(item);
    }
    this.cursor.take(items.length);
    return items;
  }

  get atCaughtUpMarker(): boolean {
    return this.stopAtCaughtUp && this.caughtUpAt !== null && this.cursor.takenSoFar >= this.caughtUpAt;
  }

  /** Resolves when something may have changed, or after `silenceMs` (true) without any sign of life. */
  wait(silenceMs: number | null, stop?: Promise<void>): Promise<boolean> {
    if (this.failure || this.ended || this.stream.readableLength > 0 || this.atCaughtUpMarker) return Promise.resolve(false);
    return new Promise((resolve) => {
      const changed = this.changed;
      let timer: NodeJS.Timeout | null = null;
      const finish = (silent: boolean): void => {
        if (timer) clearTimeout(timer);
        changed.delete(wake);
        resolve(silent);
      };
      const wake = () => finish(false);
      changed.add(wake);
      if (silenceMs !== null) timer = setTimeout(() => finish(true), silenceMs);
      void stop?.then(wake);
    });
  }

  close(): Promise<void> {
    return this.stream.unsubscribe().catch(() => undefined);
  }
}

/** Our events of the items, and the position of the last item of any kind (it was read, so it is passed). */
function sift(items: AllStreamResolvedEvent[]): { events: RecordedEvent[]; last: GlobalPosition | null } {
  const events: RecordedEvent[] = [];
  let last: GlobalPosition | null = null;
  for (const item of items) {
    const event = item.event;
    if (!event) continue;
    last = toGlobal(event.position);
    if (isUserEvent(event)) events.push(toRecorded(event));
  }
  return { events, last };
}

/**
 * One page of the global order after `after`: a filtered catch-up subscription read until
 * `limit` events, or until the server says it caught up. `lastPosition` is where the next page
 * starts: past the page's events and past every filtered-out event the server reported passing,
 * so a page with no events of ours still moves the reader on (500 system events in a row used
 * to freeze the old client-side filter, which returned empty pages at the same position).
 */
export async function readAllPage(client: EsdbClient, after: GlobalPosition | null, limit: number, silenceMs = PAGE_SILENCE_MS): Promise<ReadAllPage> {
  const cursor = new AllStreamCursor(after);
  const all = new FilteredAll(client, cursor, limit, true);
  const events: RecordedEvent[] = [];
  let silent = false;
  try {
    // Taking at most the room left can never overshoot: every item is at most one event of ours.
    while (events.length < limit && !all.atCaughtUpMarker) {
      const items = all.take(limit - events.length);
      if (items.length > 0) {
        const { events: ours, last } = sift(items);
        events.push(...ours);
        cursor.deliveredUpTo(last);
        continue;
      }
      if (all.failure) throw all.failure;
      if (all.ended) break;
      silent = await all.wait(silenceMs);
      if (silent) break;
    }
  } finally {
    await all.close();
  }
  const moved = cursor.position !== null && (after === null || comparePositions(cursor.position, after) > 0);
  // A server that never says it caught up (before 23.10) ends a page by silence: more may follow.
  return { events, lastPosition: cursor.position, hasMore: events.length === limit || (silent && moved) };
}

export interface LiveOptions {
  after: GlobalPosition | null;
  batchSize: number;
  handler: (batch: RecordedEvent[]) => Promise<void>;
  log: (line: string) => void;
  /** Pause before subscribing again after the server dropped us (leader change, consumer too slow). */
  retryMs?: number;
}

class HandlerFailed extends Error {
  constructor(readonly original: unknown) {
    super('handler failed');
  }
}

/**
 * Catch-up then live delivery from one filtered server subscription. Batches are what the
 * stream holds when the handler is free (up to batchSize), delivered one at a time; while the
 * handler runs the stream's buffer fills and the server is held back. When the server drops the
 * subscription the loop subscribes again from the cursor (events delivered, checkpoints whose
 * events were delivered); a handler error ends it with that error.
 */
export function subscribeLive(client: EsdbClient, options: LiveOptions): Subscription {
  let stopped = false;
  let current: FilteredAll | null = null;
  let signalStop: () => void = () => undefined;
  const stopping = new Promise<void>((resolve) => (signalStop = resolve));
  let position = options.after;

  const run = async (): Promise<void> => {
    while (!stopped) {
      const cursor = new AllStreamCursor(position);
      const all = new FilteredAll(client, cursor, options.batchSize, false);
      current = all;
      try {
        while (!stopped) {
          const items = all.take(options.batchSize);
          if (items.length > 0) {
            const { events, last } = sift(items);
            if (events.length > 0) {
              try {
                await options.handler(events);
              } catch (error) {
                throw new HandlerFailed(error);
              }
            }
            cursor.deliveredUpTo(last);
            position = cursor.position;
            continue;
          }
          position = cursor.position; // checkpoints may have moved it while we waited
          if (all.failure) throw all.failure;
          if (all.ended) throw new Error('the server ended the subscription');
          await all.wait(null, stopping);
        }
      } catch (error) {
        if (error instanceof HandlerFailed) throw error.original;
        if (stopped) break;
        position = cursor.position;
        options.log(
          `EventStoreDB subscription to $all dropped (${(error as Error).message}); subscribing again after ${position ? `${position.commit}/${position.prepare}` : 'the start'}`,
        );
        await Promise.race([new Promise((r) => setTimeout(r, options.retryMs ?? 1000)), stopping]);
      } finally {
        current = null;
        await all.close();
      }
    }
  };

  const done = run();
  return {
    done,
    stop: async () => {
      stopped = true;
      signalStop();
      await current?.close();
      await done.catch(() => undefined);
    },
  };
}
