import { randomUUID } from 'node:crypto';

import {
  type AppendOptions,
  type AppendResult,
  comparePositions,
  type EventStore,
  type EventStoreHealth,
  type ExpectedRevision,
  type GlobalPosition,
  IdempotencyConflictError,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  WrongExpectedVersionError,
} from '@escrow/domain';
import {
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';

import { canonicalJson } from '../event-ids';
import { type EsdbClient, isUserEvent, readAllPage, subscribeLive, toGlobal, toRecorded } from './all-stream-reader';

export interface EventStoreDbEventStoreOptions {
  connectionString: string;
  log?: (line: string) => void;
  /** A client of our own (the unit tests pass a model of the server); the connection string is then unused. */
  client?: EsdbClient;
  /** Pause before a dropped subscription subscribes again. */
  resubscribeMs?: number;
}

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

/**
 * The event store on an EventStoreDB / KurrentDB cluster (client 6.x, server 23.10 or later).
 *
 * - Streams map one to one, expected revisions map to the server's.
 * - The global order is $all through a server-side filter (no `$` streams; `$`-typed events such
 *   as tombstones are dropped here too): pages are bounded catch-up subscriptions, live delivery
 *   one subscription, both moving their cursor by the server's checkpoints so runs of system
 *   events are neither reread nor able to stall a reader (see all-stream-reader.ts).
 * - Idempotency is what the server decided: it recognises a retried append by its event ids
 *   (at the same expected revision, or with `any` within its idempotency cache) and answers with
 *   the original revisions. We then read exactly those events back, never the whole stream: their
 *   positions are the answer's, other content under the same ids is a reused key, and the events
 *   were appended by this call exactly when the server placed them after the end of the log as
 *   it was before the call (positions the server gave, no clocks compared).
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EsdbClient;
  private readonly log: (line: string) => void;
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: EventStoreDbEventStoreOptions) {
    this.client = options.client ?? EventStoreDBClient.connectionString(options.connectionString);
    this.log = options.log ?? (() => undefined);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const keyed = events.some((e) => e.id !== undefined);
    const ids = events.map((e) => e.id ?? randomUUID());
    // Only a keyed append can be a retry; its answer needs to know where the log ended before.
    const endBefore = keyed ? await this.endOfLog() : null;
    let revision: number;
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e, i) => jsonEvent({ id: ids[i]!, type: e.type, data: (e.data ?? null) as never, metadata: e.metadata as never })),
        { expectedRevision: toExpected(expected) },
      );
      revision = Number(result.nextExpectedRevision);
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        // A retry at another revision than its first append is not recognised by the server;
        // the command side re-reads the stream on this error and finds its events there.
        const actual = error.actualVersion;
        throw new WrongExpectedVersionError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : actual === NO_STREAM ? 'no_stream' : 'unknown');
      }
      throw error;
    }
    // The events at the revisions the server answered with: ours, or those of the first append.
    const stored = await this.readStream(streamId, { fromRevision: revision - events.length + 1, maxCount: events.length });
    if (stored.length !== events.length || stored.some((e, i) => e.id !== ids[i])) {
      throw new Error(`EventStoreDB answered revision ${revision} for ${streamId}, but other events are stored there`);
    }
    if (keyed && stored.some((e, i) => e.type !== events[i]!.type || canonicalJson(e.data) !== canonicalJson(events[i]!.data ?? null))) {
      throw new IdempotencyConflictError(streamId, ids[0]!);
    }
    const appended = !keyed || endBefore === null || comparePositions(stored[0]!.position, endBefore) > 0;
    return { nextExpectedRevision: revision, position: stored[stored.length - 1]!.position, appended };
  }

  /** The position of the last record of $all (of any kind), on the leader: every append after this call lands beyond it. */
  private async endOfLog(): Promise<GlobalPosition | null> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1, resolveLinkTos: false, requiresLeader: true });
    for await (const resolved of read) if (resolved.event) return toGlobal(resolved.event.position);
    return null;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      const read = this.client.readStream(streamId, {
        fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
        direction: FORWARDS,
        ...(options.maxCount ? { maxCount: options.maxCount } : {}),
      });
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    return readAllPage(this.client, options.after ?? null, options.limit);
  }

  subscribeToAll(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    if (this.closed) throw new Error('event store is closed');
    const subscription = subscribeLive(this.client, {
      after: options.after ?? null,
      batchSize: options.batchSize ?? 500,
      handler,
      log: this.log,
      ...(this.options.resubscribeMs !== undefined ? { retryMs: this.options.resubscribeMs } : {}),
    });
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /** EventStoreDB cannot count events cheaply: lag in events is reported as unknown. */
  async countAfter(): Promise<number | null> {
    return null;
  }

  /** The newest event of ours: $all backwards, past any run of system events, then the read is cancelled. */
  async headPosition(): Promise<{ position: GlobalPosition; recordedAt: Date } | null> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, resolveLinkTos: false });
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (event && isUserEvent(event)) return { position: toGlobal(event.position), recordedAt: event.created };
      }
      return null;
    } finally {
      await read.cancel().catch(() => undefined);
    }
  }

  /** EventStoreDB has no read horizon: a committed event is readable at once. */
  nudge(): void {}

  async health(): Promise<EventStoreHealth> {
    try {
      const head = await this.headPosition();
      return { status: 'up', kind: this.kind, headPosition: head?.position ?? null };
    } catch (error) {
      return { status: 'down', kind: this.kind, headPosition: null, error: (error as Error).message };
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    await this.client.dispose();
  }
}
