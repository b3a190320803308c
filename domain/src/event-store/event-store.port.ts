/**
 * The event store port. Adapters (PostgreSQL, EventStoreDB) live in the backend and pass one
 * contract suite; everything else (command handlers, projection runner) depends only on this.
 */

/** Stream revision the writer expects, as in EventStoreDB: a number is the exact revision of the last event. */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface EventMetadata {
  actorId: string | null;
  actorRole: string | null;
  correlationId: string;
  causationId: string | null;
  /** ISO-8601 instant the command was decided at; time enters the model only through here. */
  occurredAt: string;
  schemaVersion: number;
  idempotencyKey?: string;
  [extra: string]: unknown;
}

export interface NewEvent<TType extends string = string, TData = unknown> {
  /** Explicit, stable type name (past tense), never derived from a class name. */
  type: TType;
  data: TData;
  metadata: EventMetadata;
  /** Deterministic id (from an idempotency key); random when absent. */
  id?: string;
}

/**
 * A place in the global order. PostgreSQL: (transaction id, sequence position);
 * EventStoreDB: (commit, prepare). Both compare lexicographically.
 */
export interface GlobalPosition {
  commit: bigint;
  prepare: bigint;
}

/**
 * Tamper evidence, set by the store in the append (docs/architecture.md, "The hash chain"): hex
 * sha-256 values. `contentHash` covers the event's canonical content (RFC 8785 JSON of its stream,
 * id, type, data and metadata); `previousHash` is the `hash` of the stream's previous event (64
 * zeros for revision 0); `hash` = sha-256(previousHash ‖ contentHash), the bytes of both.
 */
export interface EventIntegrity {
  contentHash: string;
  previousHash: string;
  hash: string;
}

export interface RecordedEvent<TType extends string = string, TData = unknown> {
  id: string;
  streamId: string;
  /** 0-based revision of this event within its stream. */
  revision: number;
  position: GlobalPosition;
  type: TType;
  data: TData;
  metadata: EventMetadata;
  recordedAt: Date;
  /** As stored; absent only from stores that do not keep it (test doubles). */
  integrity?: EventIntegrity;
}

export interface AppendResult {
  /** Revision of the last event in the stream after the append. */
  nextExpectedRevision: number;
  /** Global position of the last event appended (or of the original append on an idempotent retry). */
  position: GlobalPosition;
  /** False when every event id was already stored with the same content: nothing was appended. */
  appended: boolean;
}

export interface AppendOptions {
  expectedRevision?: ExpectedRevision;
}

export interface ReadStreamOptions {
  fromRevision?: number;
  maxCount?: number;
}

export interface ReadAllOptions {
  /** Exclusive lower bound; null or absent reads from the beginning. */
  after?: GlobalPosition | null;
  limit: number;
}

export interface ReadAllPage {
  events: RecordedEvent[];
  /**
   * Where the next page starts: the last event returned or, when the store passed events that
   * are not part of the global order (EventStoreDB's system events), the last position it
   * passed, even on a page that returns none. The `after` given when nothing new is visible.
   * Readers always continue from here, whether or not the page had events.
   */
  lastPosition: GlobalPosition | null;
  /** True when more may be readable right away (a full page, or one that stopped short while moving on). */
  hasMore: boolean;
}

export interface SubscribeOptions {
  after?: GlobalPosition | null;
  batchSize?: number;
}

export interface Subscription {
  /** Stops delivering; resolves once the handler is no longer running. */
  stop(): Promise<void>;
  /** Settles when the subscription ends: resolves on stop(), rejects with the handler's error. */
  readonly done: Promise<void>;
}

export interface EventStoreHealth {
  status: 'up' | 'down';
  kind: 'postgres' | 'eventstoredb';
  headPosition: GlobalPosition | null;
  error?: string;
}

export interface EventStore {
  readonly kind: 'postgres' | 'eventstoredb';
  append(streamId: string, events: NewEvent[], options?: AppendOptions): Promise<AppendResult>;
  /** Events of one stream in revision order; an empty list when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** The global order, in pages, never skipping an event that commits late. */
  readAll(options: ReadAllOptions): Promise<ReadAllPage>;
  /** Catches up from `after`, then delivers live events; batches are delivered one at a time. */
  subscribeToAll(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription;
  /** Number of events after a position (lag); null when the store cannot count cheaply. */
  countAfter(after: GlobalPosition | null): Promise<number | null>;
  /** Time of the newest event readable in the global order, for lag in seconds. */
  headPosition(): Promise<{ position: GlobalPosition; recordedAt: Date } | null>;
  health(): Promise<EventStoreHealth>;
  /**
   * How many appends this store has announced to its local subscribers so far (its own appends and
   * other processes' notifications): a mark to pass to `nudge` after a transaction.
   */
  appendsAnnounced(): number;
  /**
   * A hint that events may have become readable (a transaction that held the read horizon, such
   * as a projector's batch, has ended): local subscribers read again now, not at their next poll.
   * With `appendsBefore` (`appendsAnnounced()` read before the transaction began), only when an
   * append was announced meanwhile: nothing else can have been hidden by it.
   */
  nudge(appendsBefore?: number): void;
  close(): Promise<void>;
}

export function comparePositions(a: GlobalPosition, b: GlobalPosition): number {
  if (a.commit !== b.commit) return a.commit < b.commit ? -1 : 1;
  if (a.prepare !== b.prepare) return a.prepare < b.prepare ? -1 : 1;
  return 0;
}

/** Positions travel as "commit/prepare" text: in checkpoints, logs and JSON answers. */
export function formatPosition(position: GlobalPosition | null): string | null {
  return position ? `${position.commit}/${position.prepare}` : null;
}

export function parsePosition(text: string | null | undefined): GlobalPosition | null {
  if (!text) return null;
  const match = /^(\d+)\/(\d+)$/.exec(text);
  if (!match) throw new Error(`Not a global position: "${text}"`);
  return { commit: BigInt(match[1]!), prepare: BigInt(match[2]!) };
}

export class WrongExpectedVersionError extends Error {
  override readonly name = 'WrongExpectedVersionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    readonly actual: number | 'no_stream' | 'unknown',
  ) {
    super(`Stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The same event ids were appended before with different content: a client reused an idempotency key. */
export class IdempotencyConflictError extends Error {
  override readonly name = 'IdempotencyConflictError';
  constructor(
    readonly streamId: string,
    readonly eventId: string,
  ) {
    super(`Event ${eventId} already exists in ${streamId} with different content (idempotency key reused for another request)`);
  }
}
