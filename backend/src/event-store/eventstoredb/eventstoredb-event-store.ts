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
import { chainEvents, GENESIS_HASH } from '@escrow/projections';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
} from '@eventstore/db-client';

import { canonicalJson } from '../event-ids';
import { type EsdbClient, INTEGRITY_KEY, isUserEvent, readAllPage, subscribeLive, toGlobal, toRecorded } from './all-stream-reader';

export interface EventStoreDbEventStoreOptions {
  connectionString: string;
  log?: (line: string) => void;
  /** A client of our own (the unit tests pass a model of the server); the connection string is then unused. */
  client?: EsdbClient;
  /** Pause before a dropped subscription subscribes again. */
  resubscribeMs?: number;
}

const MAX_ANY_RETRIES = 20;
/** How many of a stream's last events an `any` append reads to recognise its own retry (commands append at most a few). */
const MAX_TAIL = 8;

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
    if (events.some((e) => e.metadata && INTEGRITY_KEY in e.metadata)) throw new Error(`metadata.${INTEGRITY_KEY} is the event store's own`);
    const expected = options.expectedRevision ?? 'any';
    const keyed = events.some((e) => e.id !== undefined);
    const ids = events.map((e) => e.id ?? randomUUID());
    // Only a keyed append can be a retry; its answer needs to know where the log ended before.
    const endBefore = keyed ? await this.endOfLog() : null;
    let revision: number;
    for (let attempt = 0; ; attempt++) {
      // The chain needs the event the new ones follow: read it, then append at exactly its
      // revision, so a concurrent writer makes the server refuse instead of forking the chain.
      const predecessor = await this.predecessor(streamId, expected);
      if (keyed && (expected === 'any' || expected === 'stream_exists') && predecessor.tail.length > 0) {
        // A retry whose first append is still the end of the stream: answer from it (exact
        // appends are recognised by the server itself at their expected revision).
        const tail = predecessor.tail.slice(-events.length);
        if (tail.length === events.length && tail.every((e, i) => e.id === ids[i])) return this.answer(streamId, events, ids, tail, true, endBefore);
      }
      const integrity = chainEvents(
        predecessor.hash,
        events.map((e, i) => ({ streamId, id: ids[i]!, type: e.type, data: e.data, metadata: e.metadata })),
      );
      try {
        const result = await this.client.appendToStream(
          streamId,
          events.map((e, i) =>
            jsonEvent({ id: ids[i]!, type: e.type, data: (e.data ?? null) as never, metadata: { ...e.metadata, [INTEGRITY_KEY]: integrity[i] } as never }),
          ),
          { expectedRevision: predecessor.revision < 0 ? NO_STREAM : BigInt(predecessor.revision) },
        );
        revision = Number(result.nextExpectedRevision);
        break;
      } catch (error) {
        if (error instanceof EsdbWrongExpectedVersionError) {
          // A writer came between our read and our append: without an exact expectation that is
          // no conflict, so chain to the new end (bounded, like the PostgreSQL adapter).
          if ((expected === 'any' || expected === 'stream_exists') && attempt < MAX_ANY_RETRIES) continue;
          // A retry at another revision than its first append is not recognised by the server;
          // the command side re-reads the stream on this error and finds its events there.
          const actual = error.actualVersion;
          throw new WrongExpectedVersionError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : actual === NO_STREAM ? 'no_stream' : 'unknown');
        }
        throw error;
      }
    }
    // The events at the revisions the server answered with: ours, or those of the first append.
    const stored = await this.readStream(streamId, { fromRevision: revision - events.length + 1, maxCount: events.length });
    return this.answer(streamId, events, ids, stored, keyed, endBefore);
  }

  private answer(streamId: string, events: NewEvent[], ids: string[], stored: RecordedEvent[], keyed: boolean, endBefore: GlobalPosition | null): AppendResult {
    if (stored.length !== events.length || stored.some((e, i) => e.id !== ids[i])) {
      throw new Error(`EventStoreDB answered revision ${stored[stored.length - 1]?.revision ?? '?'} for ${streamId}, but other events are stored there`);
    }
    if (keyed && stored.some((e, i) => e.type !== events[i]!.type || canonicalJson(e.data) !== canonicalJson(events[i]!.data ?? null))) {
      throw new IdempotencyConflictError(streamId, ids[0]!);
    }
    const appended = !keyed || endBefore === null || comparePositions(stored[0]!.position, endBefore) > 0;
    return { nextExpectedRevision: stored[stored.length - 1]!.revision, position: stored[stored.length - 1]!.position, appended };
  }

  /**
   * The stream's event the append follows (revision -1 and the genesis hash before the first),
   * with the stream's last events for recognising a retry. An exact expected revision N needs
   * event N; `no_stream` needs nothing; `any` and `stream_exists` take the last event.
   */
  private async predecessor(streamId: string, expected: ExpectedRevision): Promise<{ revision: number; hash: string; tail: RecordedEvent[] }> {
    if (expected === 'no_stream') return { revision: -1, hash: GENESIS_HASH, tail: [] };
    if (typeof expected === 'number') {
      const [event] = await this.readStream(streamId, { fromRevision: expected, maxCount: 1 });
      if (!event || event.revision !== expected) throw new WrongExpectedVersionError(streamId, expected, 'unknown');
      return { revision: expected, hash: this.hashOf(event), tail: [] };
    }
    const tail = await this.readLast(streamId, MAX_TAIL);
    const last = tail[tail.length - 1];
    if (!last) {
      if (expected === 'stream_exists') throw new WrongExpectedVersionError(streamId, expected, 'no_stream');
      return { revision: -1, hash: GENESIS_HASH, tail };
    }
    return { revision: last.revision, hash: this.hashOf(last), tail };
  }

  private hashOf(event: RecordedEvent): string {
    // EventStoreDB cannot rewrite events: a cluster written before the chain gets it by being
    // copied into a new one with copy-events (docs/operations.md), which appends through here.
    if (!event.integrity)
      throw new Error(
        `${event.streamId} revision ${event.revision} was written without hashes: copy the ledger into a new cluster with copy-events (docs/operations.md)`,
      );
    return event.integrity.hash;
  }

  /** The last `count` events of a stream, oldest first. */
  private async readLast(streamId: string, count: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: END, direction: BACKWARDS, maxCount: count })) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw error;
    }
    return events.reverse();
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
  /** EventStoreDB pushes to its subscriptions: nothing to count, nothing to nudge. */
  appendsAnnounced(): number {
    return 0;
  }

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
