import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';

import {
  type AppendOptions,
  type AppendResult,
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
import { contentHashBytes, GENESIS_HASH } from '@escrow/projections';
import { Client, type Pool } from 'pg';

import { canonicalJson } from '../event-ids';
import { startSubscription } from '../subscription-loop';

const EVENTS_CHANNEL = 'escrow_events';

export interface PostgresEventStoreOptions {
  pool: Pool;
  /** Connection string for the dedicated LISTEN connection; without it only polling wakes readers. */
  listenUrl?: string | null;
  /** Fallback polling interval of subscriptions (ms). */
  pollIntervalMs?: number;
  /** Group commit of subscriptions: see SubscriptionLoopOptions.batchGapMs (default 0). */
  batchGapMs?: number;
  log?: (line: string) => void;
}

interface EventRow {
  global_position: string | number;
  transaction_text: string;
  stream_id: string;
  stream_revision: number;
  event_id: string;
  type: string;
  data: unknown;
  metadata: RecordedEvent['metadata'];
  recorded_at: Date;
  content_hash: Buffer | null;
  previous_hash: Buffer | null;
  hash: Buffer | null;
}

/**
 * The transaction id travels as text (xid8 has no JavaScript type). Its alias must differ from
 * the column's: ORDER BY transaction_id would otherwise sort by the text ('1000' < '999') and
 * the global order would skip events.
 */
const SELECT_COLUMNS =
  'global_position, transaction_id::text AS transaction_text, stream_id, stream_revision, event_id, type, data, metadata, recorded_at, content_hash, previous_hash, hash';
const MAX_ANY_RETRIES = 20;
const NOTIFY_COALESCE_MS = 5;

/** The previous hash of a stream's first event (bytea literal of GENESIS_HASH). */
const GENESIS = `'\\x${GENESIS_HASH}'::bytea`;

/**
 * One statement per expected-revision mode and shape. `p` is the stream's last event before the
 * append: its revision (-1: no stream) and its hash, which the first new event chains to. An
 * exact expected revision N reads event N by primary key (no row: N is not there, nothing is
 * inserted) and N+1 must not exist (the primary key (stream_id, stream_revision) refuses it):
 * together, N is the current revision and the chain cannot fork. Most commands append one event,
 * so that shape gets a plain single-row statement; several events go through unnest, their hashes
 * chained one after another by a recursive CTE. Content hashes come from Node (RFC 8785 needs a
 * JSON canonicaliser), the chain from PostgreSQL's sha256(), so the append stays one round trip.
 */
function appendSql(predecessor: string, many: boolean): string {
  const columns = 'stream_id, stream_revision, event_id, type, schema_version, data, metadata, content_hash, previous_hash, hash';
  const returning = 'RETURNING stream_revision, global_position, transaction_id::text AS transaction_text';
  if (!many) {
    return `
    INSERT INTO events (${columns})
    SELECT $1, p.revision + 1, $2::uuid, $3::text, $4::int, $5::jsonb, $6::jsonb, $7::bytea, p.hash, sha256(p.hash || $7::bytea)
      FROM (${predecessor}) AS p
    ${returning}`;
  }
  return `
    WITH RECURSIVE p AS (${predecessor}),
    e AS (SELECT * FROM unnest($2::uuid[], $3::text[], $4::int[], $5::text[], $6::text[], $7::bytea[])
                        WITH ORDINALITY AS e(id, type, schema_version, data, metadata, content_hash, ord)),
    chain (ord, revision, previous_hash, hash) AS (
      SELECT e.ord, p.revision + 1, p.hash, sha256(p.hash || e.content_hash) FROM p JOIN e ON e.ord = 1
      UNION ALL
      SELECT e.ord, c.revision + 1, c.hash, sha256(c.hash || e.content_hash) FROM chain c JOIN e ON e.ord = c.ord + 1)
    INSERT INTO events (${columns})
    SELECT $1, c.revision, e.id, e.type, e.schema_version, e.data::jsonb, e.metadata::jsonb, e.content_hash, c.previous_hash, c.hash
      FROM chain c JOIN e USING (ord) ORDER BY c.ord
    ${returning}`;
}

type AppendMode = 'exact' | 'no_stream' | 'any' | 'stream_exists';
const LAST_EVENT = 'SELECT stream_revision AS revision, hash FROM events WHERE stream_id = $1 ORDER BY stream_revision DESC LIMIT 1';
const PREDECESSORS: Record<AppendMode, string> = {
  exact: 'SELECT stream_revision AS revision, hash FROM events WHERE stream_id = $1 AND stream_revision = $8::int',
  no_stream: `SELECT -1 AS revision, ${GENESIS} AS hash`,
  any: `SELECT coalesce(l.revision, -1) AS revision, coalesce(l.hash, ${GENESIS}) AS hash FROM (SELECT 1) AS one LEFT JOIN LATERAL (${LAST_EVENT}) AS l ON true`,
  stream_exists: LAST_EVENT,
};
const APPEND_SQL = Object.fromEntries(
  Object.entries(PREDECESSORS).flatMap(([mode, predecessor]) => [
    [`${mode}_one`, appendSql(predecessor, false)],
    [`${mode}_many`, appendSql(predecessor, true)],
  ]),
) as Record<`${AppendMode}_${'one' | 'many'}`, string>;
const UNIQUE_VIOLATION = '23505';

function toRecorded(row: EventRow): RecordedEvent {
  return {
    id: row.event_id,
    streamId: row.stream_id,
    revision: row.stream_revision,
    position: { commit: BigInt(row.transaction_text), prepare: BigInt(row.global_position) },
    type: row.type,
    data: row.data,
    metadata: row.metadata,
    recordedAt: row.recorded_at,
    ...(row.hash && row.content_hash && row.previous_hash
      ? { integrity: { contentHash: row.content_hash.toString('hex'), previousHash: row.previous_hash.toString('hex'), hash: row.hash.toString('hex') } }
      : {}),
  };
}

/** A shared page cut to a reader's own limit: what lies beyond is read again from its last event. */
function upTo(page: ReadAllPage, limit: number): ReadAllPage {
  if (page.events.length <= limit) return page;
  const events = page.events.slice(0, limit);
  return { events, lastPosition: events[events.length - 1]!.position, hasMore: true };
}

/**
 * Event store on one PostgreSQL table. An append is one statement (one round trip, its own
 * implicit transaction): the expected-revision check, the revision numbering and the insert of
 * all events happen together, and the (stream_id, stream_revision) key settles races.
 */
export class PostgresEventStore implements EventStore {
  readonly kind = 'postgres' as const;
  private readonly wakeups = new EventEmitter();
  private readonly pollIntervalMs: number;
  private readonly log: (line: string) => void;
  private listener: Client | null = null;
  private listenerStarting: Promise<void> | null = null;
  private listenerRetry: NodeJS.Timeout | null = null;
  private notifyTimer: NodeJS.Timeout | null = null;
  private closed = false;
  private readonly subscriptions = new Set<Subscription>();
  /** Our NOTIFY payload: our own appends already woke our readers, so their echo is ignored. */
  private readonly origin = randomUUID();
  /** readAll calls in flight by (after, wake-up): readers woken together share one query. */
  private readonly pagesInFlight = new Map<string, Promise<ReadAllPage>>();
  /** Counts wake-ups (appends here, notifications from elsewhere, nudges); see readAll. */
  private wakeGeneration = 0;
  /** Counts the wake-ups that announced an append (see nudge). */
  private appendWakes = 0;

  constructor(private readonly options: PostgresEventStoreOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? 500;
    this.log = options.log ?? (() => undefined);
    this.wakeups.setMaxListeners(0);
  }

  async append(streamId: string, events: NewEvent[], options: AppendOptions = {}): Promise<AppendResult> {
    if (events.length === 0) throw new Error('append needs at least one event');
    const expected = options.expectedRevision ?? 'any';
    const ids = events.map((e) => e.id ?? randomUUID());
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.tryAppend(streamId, events, ids, expected);
        if (result) {
          this.afterAppend();
          return result;
        }
        // Nothing inserted: the expected-revision condition did not hold. It may be a retry.
        const replay = await this.findIdempotentReplay(streamId, events, ids);
        if (replay) return replay;
        throw new WrongExpectedVersionError(streamId, expected, await this.currentRevision(streamId));
      } catch (error) {
        if ((error as { code?: string }).code !== UNIQUE_VIOLATION) throw error;
        const constraint = (error as { constraint?: string }).constraint;
        if (constraint === 'events_event_id_key') {
          const replay = await this.findIdempotentReplay(streamId, events, ids);
          if (replay) return replay;
          throw new IdempotencyConflictError(streamId, ids[0]!);
        }
        // A concurrent writer took the revision. With 'any' that is not a conflict: number again.
        if (expected === 'any' && attempt < MAX_ANY_RETRIES) continue;
        const replay = await this.findIdempotentReplay(streamId, events, ids);
        if (replay) return replay;
        throw new WrongExpectedVersionError(streamId, expected, await this.currentRevision(streamId));
      }
    }
  }

  private async tryAppend(streamId: string, events: NewEvent[], ids: string[], expected: ExpectedRevision): Promise<AppendResult | null> {
    const one = events.length === 1;
    const column = <T>(pick: (e: NewEvent, i: number) => T): T | T[] => (one ? pick(events[0]!, 0) : events.map(pick));
    const params: unknown[] = [
      streamId,
      column((_, i) => ids[i]!),
      column((e) => e.type),
      column((e) => e.metadata?.schemaVersion ?? 1),
      column((e) => JSON.stringify(e.data ?? null)),
      column((e) => JSON.stringify(e.metadata)),
      column((e, i) => contentHashBytes({ streamId, id: ids[i]!, type: e.type, data: e.data, metadata: e.metadata })),
    ];
    if (typeof expected === 'number') {
      if (!Number.isInteger(expected) || expected < 0) throw new Error(`Invalid expected revision ${expected}`);
      params.push(expected);
    }
    const mode: AppendMode = typeof expected === 'number' ? 'exact' : expected;
    const statement = `${mode}_${one ? 'one' : 'many'}` as const;
    // Named (prepared) statements: planning this insert costs as much as running it.
    const { rows } = await this.options.pool.query<{ stream_revision: number; global_position: string | number; transaction_text: string }>({
      name: `escrow_append_${statement}`,
      text: APPEND_SQL[statement],
      values: params,
    });
    if (rows.length === 0) return null;
    const last = rows.reduce((a, b) => (a.stream_revision > b.stream_revision ? a : b));
    return {
      nextExpectedRevision: last.stream_revision,
      position: { commit: BigInt(last.transaction_text), prepare: BigInt(last.global_position) },
      appended: true,
    };
  }

  /** Same ids already stored with the same content: answer as the first append did. */
  private async findIdempotentReplay(streamId: string, events: NewEvent[], ids: string[]): Promise<AppendResult | null> {
    const { rows } = await this.options.pool.query<EventRow>(`SELECT ${SELECT_COLUMNS} FROM events WHERE event_id = ANY($1::uuid[])`, [ids]);
    if (rows.length === 0) return null;
    const byId = new Map(rows.map((r) => [r.event_id, r]));
    const matches =
      rows.length === ids.length &&
      ids.every((id, i) => {
        const row = byId.get(id);
        return row && row.stream_id === streamId && row.type === events[i]!.type && canonicalJson(row.data) === canonicalJson(events[i]!.data ?? null);
      });
    if (!matches) throw new IdempotencyConflictError(streamId, rows[0]!.event_id);
    const last = rows.reduce((a, b) => (a.stream_revision > b.stream_revision ? a : b));
    return { nextExpectedRevision: last.stream_revision, position: toRecorded(last).position, appended: false };
  }

  private async currentRevision(streamId: string): Promise<number | 'no_stream'> {
    const { rows } = await this.options.pool.query<{ revision: number | null }>('SELECT max(stream_revision) AS revision FROM events WHERE stream_id = $1', [
      streamId,
    ]);
    return rows[0]?.revision ?? 'no_stream';
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    const { rows } = await this.options.pool.query<EventRow>({
      name: 'escrow_read_stream',
      text: `SELECT ${SELECT_COLUMNS} FROM events WHERE stream_id = $1 AND stream_revision >= $2 ORDER BY stream_revision LIMIT $3`,
      values: [streamId, options.fromRevision ?? 0, options.maxCount ?? null],
    });
    return rows.map(toRecorded);
  }

  /**
   * Every projector wakes at the same moment after an append and asks for the same page; one
   * query answers them all (the page is shared: readers must not change the events). Only reads
   * asked for since the same wake-up are shared: a query that started before an append was
   * announced may not see it, and must not answer a reader that was woken by that append.
   */
  readAll(options: ReadAllOptions): Promise<ReadAllPage> {
    // Readers asking for different page sizes (the projectors, the webhook fan-out) share the
    // query too: each takes at most its own limit from it.
    const key = `${this.wakeGeneration}/${options.after?.commit ?? ''}/${options.after?.prepare ?? ''}`;
    const inFlight = this.pagesInFlight.get(key);
    if (inFlight) return inFlight.then((page) => upTo(page, options.limit));
    const page = this.queryAll(options).finally(() => this.pagesInFlight.delete(key));
    this.pagesInFlight.set(key, page);
    return page;
  }

  private async queryAll(options: ReadAllOptions): Promise<ReadAllPage> {
    const after = options.after ?? { commit: 0n, prepare: 0n };
    // One statement: the snapshot that decides visibility is the one that computes xmin, so a
    // transaction still running (holding a lower position) stops the reader until it ends.
    const { rows } = await this.options.pool.query<EventRow>({
      name: 'escrow_read_all',
      text: `SELECT ${SELECT_COLUMNS} FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
          AND (transaction_id, global_position) > ($1::text::xid8, $2::bigint)
        ORDER BY events.transaction_id, events.global_position
        LIMIT $3`,
      values: [after.commit.toString(), after.prepare.toString(), options.limit],
    });
    const events = rows.map(toRecorded);
    return {
      events,
      lastPosition: events.length > 0 ? events[events.length - 1]!.position : (options.after ?? null),
      hasMore: events.length === options.limit,
    };
  }

  subscribeToAll(options: SubscribeOptions, handler: (batch: RecordedEvent[]) => Promise<void>): Subscription {
    if (this.closed) throw new Error('event store is closed');
    void this.ensureListener();
    const subscription = startSubscription({
      after: options.after ?? null,
      batchSize: options.batchSize ?? 500,
      pollIntervalMs: this.pollIntervalMs,
      readPage: (after, limit) => this.readAll({ after, limit }),
      batchGapMs: this.options.batchGapMs ?? 0,
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

  async countAfter(after: GlobalPosition | null): Promise<number> {
    const from = after ?? { commit: 0n, prepare: 0n };
    const { rows } = await this.options.pool.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM events WHERE (transaction_id, global_position) > ($1::text::xid8, $2::bigint)`,
      [from.commit.toString(), from.prepare.toString()],
    );
    return rows[0]?.n ?? 0;
  }

  async headPosition(): Promise<{ position: GlobalPosition; recordedAt: Date } | null> {
    const { rows } = await this.options.pool.query<EventRow>(
      `SELECT ${SELECT_COLUMNS} FROM events
        WHERE transaction_id < pg_snapshot_xmin(pg_current_snapshot())
        ORDER BY events.transaction_id DESC, events.global_position DESC LIMIT 1`,
    );
    const row = rows[0];
    return row ? { position: toRecorded(row).position, recordedAt: row.recorded_at } : null;
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
    if (this.notifyTimer) clearTimeout(this.notifyTimer);
    await Promise.all([...this.subscriptions].map((s) => s.stop()));
    if (this.listenerRetry) clearTimeout(this.listenerRetry);
    const listener = this.listener;
    this.listener = null;
    if (listener) await listener.end().catch(() => undefined);
  }

  /**
   * Wakes local subscribers at once, and other processes through one NOTIFY per few milliseconds
   * however many appends happened: NOTIFY serialises commits on a global lock, so sending one
   * per append would cap the append rate.
   */
  private afterAppend(): void {
    this.wake();
    if (this.notifyTimer || this.closed) return;
    this.notifyTimer = setTimeout(() => {
      this.notifyTimer = null;
      this.options.pool
        .query({ name: 'escrow_notify_from', text: `SELECT pg_notify('${EVENTS_CHANNEL}', $1)`, values: [this.origin] })
        .catch((error: Error) => this.log(`NOTIFY failed (readers fall back to polling): ${error.message}`));
    }, NOTIFY_COALESCE_MS);
  }

  appendsAnnounced(): number {
    return this.appendWakes;
  }

  /**
   * A projector's batch ends after every command: waking every subscriber then cost a read of the
   * events table per command that found nothing unless an append had been hidden by the batch's
   * transaction, which can only be one announced while it ran.
   */
  nudge(appendsBefore?: number): void {
    if (appendsBefore !== undefined && appendsBefore === this.appendWakes) return;
    this.wake(false);
  }

  /** `appended`: an append happened (here or, by its notification, elsewhere); false for a nudge. */
  private wake(appended = true): void {
    this.wakeGeneration++;
    if (appended) this.appendWakes++;
    this.wakeups.emit('wake', appended);
  }

  private ensureListener(): Promise<void> {
    if (!this.options.listenUrl || this.closed || this.listener) return Promise.resolve();
    if (this.listenerStarting) return this.listenerStarting;
    this.listenerStarting = (async () => {
      const client = new Client({ connectionString: this.options.listenUrl!, application_name: 'escrow-ledger-listener' });
      const retry = (reason: string): void => {
        if (this.closed) return;
        this.log(`event notification connection lost (${reason}); polling until it is back`);
        if (this.listener === client) this.listener = null;
        client.end().catch(() => undefined);
        if (!this.closed && !this.listenerRetry) {
          this.listenerRetry = setTimeout(() => {
            this.listenerRetry = null;
            void this.ensureListener();
          }, 1000);
        }
        this.wake(); // re-read from the checkpoint after a reconnect
      };
      client.on('error', (error) => retry(error.message));
      client.on('end', () => {
        if (this.listener === client) retry('connection ended');
      });
      client.on('notification', (message) => {
        if (message.payload !== this.origin) this.wake();
      });
      try {
        await client.connect();
        await client.query(`LISTEN ${EVENTS_CHANNEL}`);
        this.listener = client;
      } catch (error) {
        retry((error as Error).message);
      }
    })().finally(() => {
      this.listenerStarting = null;
    });
    return this.listenerStarting;
  }

  /** For tests and diagnostics: the dedicated LISTEN connection's backend pid. */
  async listenerPid(): Promise<number | null> {
    await this.ensureListener();
    return (this.listener as unknown as { processID?: number } | null)?.processID ?? null;
  }
}
