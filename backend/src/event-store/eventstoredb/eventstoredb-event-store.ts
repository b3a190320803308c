import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  jsonEvent,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type AppendExpectedRevision,
  type ResolvedEvent,
} from '@eventstore/db-client';
import {
  IdempotencyConflictError,
  WrongExpectedVersionError,
  comparePositions,
  type AppendOptions,
  type AppendResult,
  type EventMetadata,
  type EventStore,
  type EventStoreHealth,
  type ExpectedRevision,
  type GlobalPosition,
  type NewEvent,
  type ReadAllOptions,
  type ReadAllPage,
  type ReadStreamOptions,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '@escrow/domain';
import { canonicalJson } from '../event-ids';
import { startSubscription } from '../subscription-loop';

export interface EventStoreDbEventStoreOptions {
  connectionString: string;
  pollIntervalMs?: number;
  log?: (line: string) => void;
}

type EsdbRecorded = NonNullable<ResolvedEvent['event']> | NonNullable<AllStreamResolvedEvent['event']>;

function toExpected(expected: ExpectedRevision): AppendExpectedRevision {
  if (expected === 'any') return ANY;
  if (expected === 'no_stream') return NO_STREAM;
  if (expected === 'stream_exists') return STREAM_EXISTS;
  return BigInt(expected);
}

function toRecorded(event: EsdbRecorded): RecordedEvent {
  if (!event.position) throw new Error(`EventStoreDB returned event ${event.id} without a position`);
  return {
    id: event.id,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: { commit: event.position.commit, prepare: event.position.prepare },
    type: event.type,
    data: event.data,
    metadata: event.metadata as EventMetadata,
    recordedAt: event.created,
  };
}

/**
 * The event store on an EventStoreDB / KurrentDB cluster. Streams map one to one, expected
 * revisions map to the server's, the global order is $all without system events and positions
 * are the server's (commit, prepare). Subscriptions reuse the pull loop of the PostgreSQL adapter
 * (page through $all), woken by a live $all subscription, so both adapters deliver alike.
 */
export class EventStoreDbEventStore implements EventStore {
  readonly kind = 'eventstoredb' as const;
  private readonly client: EventStoreDBClient;
  private readonly wakeups = new EventEmitter();
  private live: AllStreamSubscription | null = null;
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();

  constructor(private readonly options: EventStoreDbEventStoreOptions) {
    this.client = EventStoreDBClient.connectionString(options.connectionString);
    this.wakeups.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const givenIds = events.every((e) => e.id !== undefined);
    const ids = events.map((e) => e.id ?? randomUUID());
    const startedAt = Date.now();
    try {
      const result = await this.client.appendToStream(
        streamId,
        events.map((e, i) => jsonEvent({ id: ids[i]!, type: e.type, data: e.data as never, metadata: e.metadata as never })),
        { expectedRevision: toExpected(expected) },
      );
      if (!result.position) throw new Error('EventStoreDB did not return the position of the append');
      const appended: AppendResult = {
        nextExpectedRevision: Number(result.nextExpectedRevision),
        position: { commit: result.position.commit, prepare: result.position.prepare },
        appended: true,
      };
      this.wakeups.emit('wake');
      // The server deduplicates by event id alone: with caller-chosen ids, check what it kept.
      if (givenIds) return (await this.checkStored(streamId, events, ids, startedAt)) ?? appended;
      return appended;
    } catch (error) {
      if (error instanceof EsdbWrongExpectedVersionError) {
        if (givenIds) {
          const replay = await this.checkStored(streamId, events, ids, startedAt);
          if (replay) return replay;
        }
        const actual = error.actualVersion;
        throw new WrongExpectedVersionError(streamId, expected, typeof actual === 'bigint' ? Number(actual) : actual === NO_STREAM ? 'no_stream' : 'unknown');
      }
      throw error;
    }
  }

  /**
   * When the stream already holds events with these ids: the same content means a retried
   * request (answer as the first append did), other content a reused idempotency key.
   */
  private async checkStored(streamId: string, events: NewEvent[], ids: string[], startedAt: number): Promise<AppendResult | null> {
    const stored = await this.readStream(streamId);
    const byId = new Map(stored.map((e) => [e.id, e]));
    const found = ids.map((id) => byId.get(id));
    if (found.every((e) => e === undefined)) return null;
    const same = found.every((e, i) => e && e.type === events[i]!.type && canonicalJson(e.data) === canonicalJson(events[i]!.data ?? null));
    if (!same) throw new IdempotencyConflictError(streamId, ids[0]!);
    const last = found.reduce((a, b) => (a!.revision > b!.revision ? a : b))!;
    const wroteNow = found.every((e) => e!.recordedAt.getTime() >= startedAt - 1000);
    return { nextExpectedRevision: last.revision, position: last.position, appended: wroteNow };
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

  async readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    const after = options.after ?? null;
    const events: RecordedEvent[] = [];
    // $all reads include the starting position and system events: read a little more and drop them.
    const read = this.client.readAll({
      fromPosition: after ? { commit: after.commit, prepare: after.prepare } : START,
      direction: FORWARDS,
      maxCount: options.limit + 1,
      resolveLinkTos: false,
    });
    let scanned = 0;
    let lastScanned: GlobalPosition | null = after;
    for await (const resolved of read) {
      scanned++;
      const event = resolved.event;
      if (!event) continue;
      const position = { commit: event.position.commit, prepare: event.position.prepare };
      if (after && comparePositions(position, after) <= 0) continue;
      lastScanned = position;
      if (event.type.startsWith('$') || event.streamId.startsWith('$')) continue;
      events.push(toRecorded(event));
      if (events.length === options.limit) break;
    }
    return {
      events,
      lastPosition: events.length > 0 ? events[events.length - 1]!.position : lastScanned,
      hasMore: events.length === options.limit || scanned > options.limit,
    };
  }

  subscribeToAll(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    if (this.closed) throw new Error('event store is closed');
    this.ensureLiveWakeups();
    const subscription = startSubscription({
      after: options.after ?? null,
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: this.options.pollIntervalMs ?? 1000,
      readPage: (after, limit) => this.readAll({ after, limit }),
      onWake: (wake) => {
        this.wakeups.on('wake', wake);
        return () => this.wakeups.off('wake', wake);
      },
      handler,
    });
    this.subscriptions.add(subscription);
    void subscription.done.catch(() => undefined).finally(() => this.subscriptions.delete(subscription));
    return subscription;
  }

  /** A live $all subscription from the end, used only to wake the pull loops early. */
  private ensureLiveWakeups(): void {
    if (this.live || this.closed) return;
    const live = this.client.subscribeToAll({ fromPosition: END, filter: excludeSystemEvents() });
    this.live = live;
    live.on('data', () => this.wakeups.emit('wake'));
    live.on('error', (error: Error) => {
      this.options.log?.(`EventStoreDB live subscription failed (${error.message}); polling until it is back`);
      if (this.live === live) this.live = null;
      if (!this.closed) setTimeout(() => this.ensureLiveWakeups(), 2000).unref();
    });
  }

  /** EventStoreDB cannot count events cheaply: lag in events is reported as unknown. */
  async countAfter(): Promise<number | null> {
    return null;
  }

  async headPosition(): Promise<{ position: GlobalPosition; recordedAt: Date } | null> {
    const read = this.client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 100, resolveLinkTos: false });
    for await (const resolved of read) {
      const event = resolved.event;
      if (event && !event.type.startsWith('$') && !event.streamId.startsWith('$')) {
        return { position: { commit: event.position.commit, prepare: event.position.prepare }, recordedAt: event.created };
      }
    }
    return null;
  }

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
    await this.live?.unsubscribe().catch(() => undefined);
    await this.client.dispose();
  }
}
