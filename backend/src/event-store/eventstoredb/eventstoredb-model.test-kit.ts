import { Readable } from 'node:stream';

import {
  ANY,
  type AppendExpectedRevision,
  BACKWARDS,
  END,
  EVENT_TYPE,
  type Filter,
  NO_STREAM,
  type Position,
  type ReadPosition,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
} from '@eventstore/db-client';

import type { EsdbClient } from './all-stream-reader';

/**
 * A model of an EventStoreDB server for unit tests, written from the server's and the client's
 * documented behaviour (and their source, EventStore 23.10/24.10 and @eventstore/db-client 6.2),
 * so the adapter's cursor and idempotency logic can be tested where no server can run. It is
 * not evidence that the adapter works against a real server: the contract suite run with
 * EVENTSTORE_CONNECTION_STRING is.
 *
 * What it models:
 * - $all is one log; an append's events share a commit position and have rising prepare positions.
 * - Appends: the expected-revision check and the server's idempotency (ids compared at the
 *   expected revision; with `any`, ids found in the recent-writes cache; a partial match is a
 *   wrong expected version). A recognised retry answers with the first append's revisions.
 * - Filtered $all subscriptions (AllSubscriptionFiltered): catch-up in windows of
 *   maxSearchWindow events; after each window a checkpoint at the last matching event of the
 *   window or, when nothing matched, at the window's first position; at the end of the log the
 *   caught-up signal, then live events and a checkpoint every window of live events. The start
 *   position is exclusive. Items reach the reader through a Readable (as the client's Transform):
 *   the checkpoint callback sees the events sent before it still in the buffer.
 * - A server-side drop (leader change, consumer too slow) as an 'error' on the subscription.
 */
interface StoredRecord {
  streamId: string;
  id: string;
  type: string;
  revision: bigint;
  position: Position;
  data: unknown;
  metadata: unknown;
  created: Date;
}

interface EventInput {
  id: string;
  type: string;
  data: unknown;
  metadata?: unknown;
}

const asEvent = (r: StoredRecord) => ({ ...r, isJson: true as const });

function matches(filter: Filter | undefined, record: StoredRecord): boolean {
  if (!filter) return true;
  const subject = filter.filterOn === EVENT_TYPE ? record.type : record.streamId;
  if ('regex' in filter) return new RegExp(filter.regex).test(subject);
  return filter.prefixes.some((p) => subject.startsWith(p));
}

const comparePosition = (a: Position, b: Position) =>
  a.commit !== b.commit ? (a.commit < b.commit ? -1 : 1) : a.prepare < b.prepare ? -1 : a.prepare > b.prepare ? 1 : 0;

export class ModelSubscription extends Readable {
  private index: number;
  private live = false;
  private counter = 0;
  private stopped = false;
  readonly window: number;
  readonly interval: number;

  constructor(
    private readonly model: EventStoreDbModel,
    readonly fromPosition: ReadPosition,
    private readonly eventFilter: Filter | undefined,
    highWaterMark: number,
  ) {
    super({ objectMode: true, highWaterMark });
    this.window = eventFilter?.maxSearchWindow ?? 32;
    this.interval = (eventFilter?.checkpointInterval ?? 1) * this.window;
    this.index =
      fromPosition === START ? 0 : fromPosition === END ? model.records.length : model.records.findIndex((r) => comparePosition(r.position, fromPosition) > 0);
    if (this.index < 0) this.index = model.records.length;
    void this.catchUp();
  }

  // The server pushes; the reader's buffer holding back the next window stands for gRPC flow control.
  override _read(): void {}

  /** One window at a time while the reader's buffer has room, as the server's catch-up reads pages. */
  private async catchUp(): Promise<void> {
    await new Promise((r) => setImmediate(r));
    while (!this.stopped && !this.live) {
      if (this.readableLength >= this.readableHighWaterMark) {
        await new Promise((r) => setTimeout(r, 1));
        continue;
      }
      const records = this.model.records;
      if (this.index >= records.length) {
        this.live = true;
        this.model.live.add(this);
        this.emit('caughtUp');
        return;
      }
      const start = records[this.index]!;
      const page = records.slice(this.index, this.index + this.window);
      let position = start.position;
      for (const record of page) {
        if (!matches(this.eventFilter, record)) continue;
        position = record.position;
        this.push({ event: asEvent(record) });
      }
      this.index += page.length;
      this.counter += page.length;
      if (this.index < records.length && this.counter >= this.interval) {
        this.counter %= this.interval;
        await this.eventFilter?.checkpointReached?.(this as never, position);
      }
      await new Promise((r) => setImmediate(r));
    }
  }

  /** A record appended while this subscription is live. */
  appended(record: StoredRecord): void {
    if (this.stopped) return;
    this.counter++;
    if (matches(this.eventFilter, record)) {
      this.push({ event: asEvent(record) });
      if (this.model.tooSlowAt !== null && this.readableLength > this.model.tooSlowAt) {
        this.dropByServer(new Error('Consumer too slow to handle event while live'));
        return;
      }
    }
    if (this.counter >= this.interval) {
      this.counter = 0;
      void this.eventFilter?.checkpointReached?.(this as never, record.position);
    }
  }

  /** The server drops the subscription: the client emits 'error' and the stream is dead. */
  dropByServer(error: Error): void {
    if (this.stopped) return;
    this.stopped = true;
    this.model.live.delete(this);
    this.emit('error', error);
  }

  async unsubscribe(): Promise<void> {
    this.stopped = true;
    this.model.live.delete(this);
  }
}

export class EventStoreDbModel {
  readonly records: StoredRecord[] = [];
  readonly live = new Set<ModelSubscription>();
  readonly subscriptions: ModelSubscription[] = [];
  readonly streamReads: { streamId: string; fromRevision: bigint | 'start' | 'end'; maxCount: number | null; backwards?: boolean }[] = [];
  /** Live buffer size above which the server drops a subscriber as too slow (null: never). */
  tooSlowAt: number | null = null;
  private readonly streams = new Map<string, StoredRecord[]>();
  private readonly recentIds = new Map<string, StoredRecord>();
  private logPosition = 1000n;

  get client(): EsdbClient {
    return this as unknown as EsdbClient;
  }

  /** System events as the server writes them (metadata, scavenges, statistics). */
  writeSystemEvents(count: number, streamId = '$scavenges', type = '$scavengeStarted'): void {
    for (let i = 0; i < count; i++) this.write(streamId, [{ id: `00000000-0000-4000-8000-${String(this.records.length).padStart(12, '0')}`, type, data: {} }]);
  }

  dropSubscriptions(message = 'Leader changed'): void {
    for (const subscription of [...this.live]) subscription.dropByServer(new Error(message));
  }

  async appendToStream(streamId: string, input: EventInput | EventInput[], options: { expectedRevision?: AppendExpectedRevision } = {}) {
    await new Promise((r) => setImmediate(r)); // a round trip: other calls interleave
    const events = Array.isArray(input) ? input : [input];
    const stream = this.streams.get(streamId) ?? [];
    const current = stream.length - 1;
    const expected = options.expectedRevision ?? ANY;
    const wrong = () => new WrongExpectedVersionError(undefined, { streamName: streamId, expected, current: current < 0 ? NO_STREAM : BigInt(current) });
    const idempotent = (first: StoredRecord[]) => ({
      success: true,
      nextExpectedRevision: first[first.length - 1]!.revision,
      position: first[first.length - 1]!.position,
    });

    if (expected === ANY || expected === STREAM_EXISTS) {
      if (expected === STREAM_EXISTS && current < 0) throw wrong();
      const known = events.map((e) => this.recentIds.get(e.id));
      if (known[0] && known[0].streamId === streamId) {
        if (known.every((k) => k && k.streamId === streamId)) return idempotent(known as StoredRecord[]);
        throw wrong(); // part of the events are stored: "corrupted idempotency"
      }
      return this.write(streamId, events);
    }
    const after = expected === NO_STREAM ? -1 : Number(expected);
    if (after === current) return this.write(streamId, events);
    if (after > current) throw wrong();
    const there = stream.slice(after + 1, after + 1 + events.length);
    if (there.length === events.length && there.every((r, i) => r.id === events[i]!.id)) return idempotent(there);
    throw wrong();
  }

  private write(streamId: string, events: EventInput[]) {
    const stream = this.streams.get(streamId) ?? [];
    this.streams.set(streamId, stream);
    const commit = this.logPosition;
    const written = events.map((e, i) => {
      const record: StoredRecord = {
        streamId,
        id: e.id,
        type: e.type,
        revision: BigInt(stream.length),
        position: { commit, prepare: commit + BigInt(i * 100) },
        data: JSON.parse(JSON.stringify(e.data ?? null)),
        metadata: e.metadata === undefined ? {} : JSON.parse(JSON.stringify(e.metadata)),
        created: new Date(),
      };
      stream.push(record);
      this.records.push(record);
      this.recentIds.set(e.id, record);
      return record;
    });
    this.logPosition += BigInt(events.length * 100 + 100);
    for (const record of written) for (const subscription of [...this.live]) subscription.appended(record);
    // The answer's position is the transaction's log position, not necessarily any event's.
    return { success: true, nextExpectedRevision: written[written.length - 1]!.revision, position: { commit: this.logPosition, prepare: this.logPosition } };
  }

  /** Forwards from a revision (START by default), or backwards from a revision or END, as the client's readStream. */
  readStream(
    streamId: string,
    options: { fromRevision?: bigint | typeof START | typeof END; direction?: typeof BACKWARDS | 'forwards'; maxCount?: number | bigint } = {},
  ) {
    const backwards = options.direction === BACKWARDS;
    const named = options.fromRevision === undefined || options.fromRevision === START || options.fromRevision === END;
    this.streamReads.push({
      streamId,
      fromRevision: options.fromRevision === END ? 'end' : named ? 'start' : BigInt(options.fromRevision as bigint),
      maxCount: options.maxCount === undefined ? null : Number(options.maxCount),
      ...(backwards ? { backwards } : {}),
    });
    const streams = this.streams;
    return (async function* () {
      await new Promise((r) => setImmediate(r));
      const stream = streams.get(streamId);
      if (!stream) throw new StreamNotFoundError(undefined, streamId);
      const limit = options.maxCount === undefined ? undefined : Number(options.maxCount);
      let selected: StoredRecord[];
      if (backwards) {
        const from = options.fromRevision === END || options.fromRevision === undefined ? BigInt(stream.length) : BigInt(options.fromRevision as bigint);
        selected = stream
          .filter((r) => r.revision <= from)
          .reverse()
          .slice(0, limit);
      } else {
        const from = named ? 0n : BigInt(options.fromRevision as bigint);
        selected = stream.filter((r) => r.revision >= from).slice(0, limit);
      }
      for (const record of selected) yield { event: asEvent(record) };
    })();
  }

  readAll(options: { fromPosition?: ReadPosition; direction?: typeof BACKWARDS | 'forwards'; maxCount?: number | bigint } = {}) {
    const records = this.records;
    let cancelled = false;
    const backwards = options.direction === BACKWARDS;
    const iterator = (async function* () {
      await new Promise((r) => setImmediate(r));
      const ordered = backwards ? [...records].reverse() : records;
      let n = 0;
      for (const record of ordered) {
        if (cancelled || n >= Number(options.maxCount ?? Number.MAX_SAFE_INTEGER)) return;
        n++;
        yield { event: asEvent(record) };
      }
    })();
    return Object.assign(iterator, { cancel: async () => void (cancelled = true) });
  }

  subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}, readableOptions: { highWaterMark?: number } = {}) {
    const subscription = new ModelSubscription(this, options.fromPosition ?? START, options.filter, readableOptions.highWaterMark ?? 16);
    this.subscriptions.push(subscription);
    return subscription;
  }

  async dispose(): Promise<void> {
    for (const subscription of [...this.live]) await subscription.unsubscribe();
  }
}
