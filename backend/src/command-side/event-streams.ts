import { randomUUID } from 'node:crypto';

import {
  type AppendResult,
  type CommandMetadata,
  conflict,
  DomainError,
  type EventStore,
  IdempotencyConflictError,
  type NewEvent,
  type RecordedEvent,
  schemaVersionOf,
  unprocessable,
  WrongExpectedVersionError,
} from '@escrow/domain';
import { Inject, Injectable, Optional } from '@nestjs/common';

import { eventIdFromKey } from '../event-store/event-ids';
import { EVENT_STORE } from '../event-store/event-store.tokens';
import { setAtMost } from '../infrastructure/bounded-map';
import { activeTraceparent, currentCorrelation, EscrowMetrics, inSpan, inSyncSpan } from '../observability';
import { AppendedPositions } from './appended-positions';
import type { EventStream } from './stream-kinds';

export interface DecideOptions {
  /** Defaults to the correlation of the work under way (the request's id), else a new one. */
  correlationId?: string;
  /** The request or event that caused this command; defaults to the command's own id (new for each decide). */
  causationId?: string;
  /**
   * The client's Idempotency-Key: event ids derive from it, so a retried request appends
   * nothing and answers with the events of the first one.
   */
  idempotencyKey?: string | null;
}

export interface FetchOptions {
  /** The stream's tail, read while the command's access check ran (see readAhead): used when it is of this stream. */
  readAhead?: ReadAhead;
}

/**
 * A tail read started before the command knew it would be allowed (see EventStreams.readAhead):
 * the stream's events from `fromRevision` on (null when the read failed).
 */
export interface ReadAhead {
  streamId: string;
  fromRevision: number;
  events: Promise<RecordedEvent[] | null>;
}

export interface HandleResult<TState, TEvent> {
  events: TEvent[];
  append: AppendResult | null;
  /**
   * The stream's state after the command: what the answer is built from (a replay gets the
   * state as it is now, so a retried deposit shows its current status, not the first answer's).
   */
  state: TState;
  /** True when an earlier request with the same idempotency key had already done this. */
  replayed: boolean;
}

/**
 * A stream read for one command, as Marten's FetchForWriting hands it out: its state as read,
 * the decider asked on it before a side effect that must not happen for a refused command
 * (storing a file, a signed text), and one decide that appends at the revision read.
 */
export interface StreamWrite<TState, TCommand, TEvent> {
  readonly state: TState;
  /**
   * The decider's verdict on the state as read, appending nothing: throws its refusal. 'retry'
   * when the command's Idempotency-Key already appended on this stream (decide answers it as the
   * first time, so there is nothing to check), else 'new'.
   */
  check(command: TCommand, options?: DecideOptions): 'new' | 'retry';
  /** Decides on the state as read and appends; a concurrent writer makes it read and decide again. */
  decide(command: TCommand, options?: DecideOptions): Promise<HandleResult<TState, TEvent>>;
}

const MAX_CONFLICT_RETRIES = 5;
/** Folded states kept between commands: a command reads only the events after the one it knows. */
const CACHED_STREAMS = 5_000;

interface Folded {
  revision: number;
  state: unknown;
  /** Every event id of the stream in revision order: a retried key is found without reading the stream again. */
  ids: string[];
}

/**
 * `decide(stream, key, command)`, in the spirit of Emmett's `handle`: load → fold → decide →
 * append with the expected revision, then answer from the state the decider produced (the
 * read models follow on their own; see ReadYourWrites). A concurrent writer on the same stream
 * makes us decide again on fresh state (the command is data, so it is simply decided again), a
 * bounded number of times, then answer 409. Folded states are cached by revision: the next
 * command on a stream reads only what was appended since (by any process), and the append's
 * expected revision guards against a stale cache.
 */
@Injectable()
export class EventStreams {
  private readonly folded = new Map<string, Folded>();

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    // Outside the application (test fixtures) the appends are noted where nobody reads them.
    private readonly appended: AppendedPositions = new AppendedPositions(),
    // Commands, appends and replays are counted where they happen; fixtures run without.
    @Optional() private readonly metrics?: EscrowMetrics,
  ) {}

  async decide<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, TCommand, TEvent>,
    streamKey: number,
    command: TCommand,
    options: DecideOptions & FetchOptions = {},
  ): Promise<HandleResult<TState, TEvent>> {
    return (await this.fetch(stream, streamKey, options)).decide(command, options);
  }

  /** Reads the stream for a command (see StreamWrite): its folded state now, ready to check and decide on. */
  async fetch<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, TCommand, TEvent>,
    streamKey: number,
    options: FetchOptions = {},
  ): Promise<StreamWrite<TState, TCommand, TEvent>> {
    const streamId = stream.streamId(streamKey);
    const fetched = await this.load(stream, streamId, options.readAhead);
    const firstIdOf = (command: TCommand, key: string) => eventIdFromKey(`${command.metadata.actorId}:${streamId}`, key, 0);
    return {
      state: fetched.state as TState,
      check: (command, { idempotencyKey } = {}) => {
        if (idempotencyKey && fetched.ids.includes(firstIdOf(command, idempotencyKey))) return 'retry';
        stream.decide(command, fetched.state as TState);
        return 'new';
      },
      decide: (command, decideOptions = {}) => this.decideOn(stream, streamId, fetched, command, decideOptions),
    };
  }

  private async decideOn<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, TCommand, TEvent>,
    streamId: string,
    fetched: Folded,
    command: TCommand,
    options: DecideOptions,
  ): Promise<HandleResult<TState, TEvent>> {
    const correlationId = options.correlationId ?? currentCorrelation()?.correlationId ?? randomUUID();
    const causationId = options.causationId ?? randomUUID();
    const key = options.idempotencyKey ?? null;
    const scope = `${command.metadata.actorId}:${streamId}`;
    const commandType = (command as { type?: string }).type ?? 'command';
    // A projector applying these events later links its span to this trace (tracing on only).
    const traceparent = activeTraceparent();
    for (let attempt = 0; ; attempt++) {
      // The first attempt decides on the state as fetched; after a conflict, on the stream as it is now.
      const current = attempt === 0 ? fetched : await this.load(stream, streamId);
      if (key && current.ids.includes(eventIdFromKey(scope, key, 0))) return this.replay(stream, streamId, scope, key, current);
      const state = current.state as TState;
      let events: TEvent[];
      try {
        events = inSyncSpan(`decide ${commandType}`, { 'escrow.stream_id': streamId, 'escrow.attempt': attempt }, () => stream.decide(command, state));
      } catch (error) {
        // A refusal on the stream as fetched, before the request's own copy (a client's retry
        // sent to another process) may have appended: with a key, it is decided again on the
        // stream as it is now, where that copy's events answer it as a replay (issue 40).
        if (key && attempt === 0 && error instanceof DomainError && (await this.load(stream, streamId)).revision !== current.revision) continue;
        throw error;
      }
      if (events.length === 0) return { events, append: null, state, replayed: false };
      const expectedRevision = current.revision < 0 ? ('no_stream' as const) : current.revision;
      const next = events.reduce((s, e) => stream.evolve(s, e), state);
      const context = stream.metadataOf?.(next) ?? {};
      const envelopes = events.map((e, i) => ({
        ...this.envelope(e, command.metadata, options, { context, correlationId, causationId, traceparent }),
        ...(key ? { id: eventIdFromKey(scope, key, i) } : {}),
      }));
      try {
        const append = await inSpan(`append ${streamId.split('-')[0]}`, { 'escrow.stream_id': streamId, 'escrow.events': envelopes.length }, () =>
          this.metrics
            ? this.metrics.observeAppend(streamId, envelopes.length, () => this.store.append(streamId, envelopes, { expectedRevision }))
            : this.store.append(streamId, envelopes, { expectedRevision }),
        );
        if (!append.appended) {
          // The store recognised these ids at this revision: another copy of this request got there first.
          this.folded.delete(streamId);
          continue;
        }
        this.remember(streamId, { revision: append.nextExpectedRevision, state: next, ids: [...current.ids, ...envelopes.map((e) => e.id!)] });
        this.appended.note(append.position);
        return { events, append, state: next, replayed: false };
      } catch (error) {
        this.folded.delete(streamId);
        if (error instanceof IdempotencyConflictError) {
          // Usually a copy of this request with the same key (a client retry that raced the
          // first) appended first, decided a moment earlier: read again and answer as a replay.
          if (attempt < MAX_CONFLICT_RETRIES) continue;
          throw unprocessable('idempotency_key_reused', 'This Idempotency-Key was already used for a different request. Use a new key for a new request.');
        }
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_CONFLICT_RETRIES) {
          throw conflict('concurrent_change', 'Someone else changed this at the same moment. Reload and try again.');
        }
        this.metrics?.commandConflictRetries.inc();
      }
    }
  }

  /** The stream's state on the write side now: what a command would be decided against (no read model lag). */
  async current<TState, TEvent extends { type: string; data: unknown }>(stream: EventStream<TState, never, TEvent>, streamKey: number): Promise<TState> {
    return (await this.load(stream, stream.streamId(streamKey))).state as TState;
  }

  /**
   * Starts reading the stream's tail now, from the revision after the cached state's, so that a
   * command can send it with its access check (both are known from the request): the caller
   * passes it to `decide` once the check has passed, and drops it otherwise. Nothing is folded
   * or cached from it before `decide` uses it; a failed read is read again there.
   */
  readAhead(stream: { streamId(key: number): string }, streamKey: number): ReadAhead {
    const streamId = stream.streamId(streamKey);
    const fromRevision = (this.folded.get(streamId)?.revision ?? -1) + 1;
    const events = this.store.readStream(streamId, { fromRevision }).catch(() => null);
    return { streamId, fromRevision, events };
  }

  /** The stream's folded state: the cached one brought up to date, or a fold of the whole stream. */
  private async load<TState, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, never, TEvent>,
    streamId: string,
    ahead?: ReadAhead,
  ): Promise<Folded> {
    const cached = this.folded.get(streamId);
    const fromRevision = cached ? cached.revision + 1 : 0;
    // The read-ahead counts only when it is of this stream and starts where the cache (which
    // another command of this process may have moved meanwhile) now ends.
    const early = ahead && ahead.streamId === streamId && ahead.fromRevision === fromRevision ? await ahead.events : null;
    const tail = early ?? (await this.store.readStream(streamId, cached ? { fromRevision } : {}));
    const base: Folded = cached ?? { revision: -1, state: stream.initialState, ids: [] };
    if (tail.length === 0) return base;
    const folded = {
      revision: tail[tail.length - 1]!.revision,
      state: tail.reduce((s, e) => stream.evolve(s, e as unknown as TEvent), base.state as TState),
      ids: [...base.ids, ...tail.map((e) => e.id)],
    };
    this.remember(streamId, folded);
    return folded;
  }

  /** A retry: answer with what the first request appended, and the stream's state now, without deciding again. */
  private async replay<TState, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, never, TEvent>,
    streamId: string,
    scope: string,
    key: string,
    current: Folded,
  ): Promise<HandleResult<TState, TEvent>> {
    const history = await this.store.readStream(streamId);
    const start = history.findIndex((e) => e.id === eventIdFromKey(scope, key, 0));
    const earlier = history.slice(start).filter((e, i) => e.id === eventIdFromKey(scope, key, i));
    const last = earlier[earlier.length - 1]!;
    this.appended.note(history[history.length - 1]!.position);
    this.metrics?.noteReplay();
    return {
      events: earlier.map((e) => ({ type: e.type, data: e.data }) as TEvent),
      append: { nextExpectedRevision: last.revision, position: last.position, appended: false },
      state: current.state as TState,
      replayed: true,
    };
  }

  private remember(streamId: string, folded: Folded): void {
    this.folded.delete(streamId); // set again below: the map stays in order of use
    setAtMost(this.folded, streamId, folded, CACHED_STREAMS);
  }

  private envelope(
    event: { type: string; data: unknown },
    metadata: CommandMetadata,
    options: DecideOptions,
    trail: { context: Record<string, unknown>; correlationId: string; causationId: string; traceparent: string | undefined },
  ): NewEvent {
    return {
      type: event.type,
      data: event.data,
      metadata: {
        ...trail.context,
        actorId: String(metadata.actorId),
        actorRole: metadata.actorRole,
        ...(metadata.actorCompanyRole ? { actorCompanyRole: metadata.actorCompanyRole } : {}),
        correlationId: trail.correlationId,
        causationId: trail.causationId,
        occurredAt: metadata.now,
        schemaVersion: schemaVersionOf(event.type),
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
        ...(trail.traceparent ? { traceparent: trail.traceparent } : {}),
      },
    };
  }
}
