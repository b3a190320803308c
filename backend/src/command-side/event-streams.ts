import { randomUUID } from 'node:crypto';

import {
  type AppendResult,
  type CommandMetadata,
  decideMilestone,
  decideProject,
  type EventStore,
  evolveMilestone,
  evolveProject,
  type GlobalPosition,
  IdempotencyConflictError,
  initialMilestoneState,
  initialProjectState,
  type MilestoneCommand,
  type MilestoneEvent,
  type MilestoneState,
  milestoneStreamId,
  type NewEvent,
  type ProjectCommand,
  type ProjectEvent,
  type ProjectState,
  projectStreamId,
  schemaVersionOf,
  WrongExpectedVersionError,
} from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { ConflictException, Inject, Injectable, Logger, UnprocessableEntityException } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { eventIdFromKey } from '../event-store/event-ids';
import { EVENT_STORE } from '../event-store/event-store.tokens';

/**
 * A kind of stream and its pure half (design §2): how its id is spelled, how to fold its events
 * and how to decide on a command. Commands are plain data carrying their own metadata.
 */
export interface EventStream<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }> {
  streamId(key: number): string;
  initialState: TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
}

export interface DecideOptions {
  correlationId?: string;
  /** The request or event that caused this command; defaults to the correlation id. */
  causationId?: string;
  /** Read your writes: wait until these projectors passed the append (by default, every projector that handles its events). */
  waitForProjectors?: readonly string[];
  /**
   * The client's Idempotency-Key: event ids derive from it, so a retried request appends
   * nothing and answers with the events of the first one.
   */
  idempotencyKey?: string | null;
  /** Context every event of this command carries in its metadata (e.g. the project's jobId). */
  metadataExtras?: Record<string, unknown>;
}

export const milestoneStream: EventStream<MilestoneState, MilestoneCommand, MilestoneEvent> = {
  streamId: milestoneStreamId,
  initialState: initialMilestoneState,
  evolve: evolveMilestone,
  decide: decideMilestone,
};

export const projectStream: EventStream<ProjectState, ProjectCommand, ProjectEvent> = {
  streamId: projectStreamId,
  initialState: initialProjectState,
  evolve: evolveProject,
  decide: decideProject,
};

export interface HandleResult<TEvent> {
  events: TEvent[];
  append: AppendResult | null;
  /** False when the answer timed out waiting for the read models (the write itself succeeded). */
  readModelsCaughtUp: boolean;
  /** True when an earlier request with the same idempotency key had already done this. */
  replayed: boolean;
}

const MAX_CONFLICT_RETRIES = 5;

/**
 * `decide(stream, key, command)`, in the spirit of Emmett's `handle`: load → fold → decide →
 * append with the expected revision → wait for the read models. A concurrent writer on the same
 * stream makes us decide again on fresh state (the command is data, so it is simply decided
 * again), a bounded number of times, then answer 409.
 */
@Injectable()
export class EventStreams {
  private readonly logger = new Logger('Commands');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async decide<TState, TCommand extends { metadata: CommandMetadata }, TEvent extends { type: string; data: unknown }>(
    stream: EventStream<TState, TCommand, TEvent>,
    streamKey: number,
    command: TCommand,
    options: DecideOptions = {},
  ): Promise<HandleResult<TEvent>> {
    const correlationId = options.correlationId ?? randomUUID();
    const key = options.idempotencyKey ?? null;
    const streamId = stream.streamId(streamKey);
    const scope = `${command.metadata.actorId}:${streamId}`;
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(streamId);
      if (key) {
        // A retry: answer with what the first request appended, without deciding again.
        const firstId = eventIdFromKey(scope, key, 0);
        const start = history.findIndex((e) => e.id === firstId);
        if (start >= 0) {
          const earlier = history.slice(start).filter((e, i) => e.id === eventIdFromKey(scope, key, i));
          const last = earlier[earlier.length - 1]!;
          await this.waitForReadModels(last.position, options.waitForProjectors ?? this.projectorsOf(earlier), streamId);
          return {
            events: earlier.map((e) => ({ type: e.type, data: e.data }) as TEvent),
            append: { nextExpectedRevision: last.revision, position: last.position, appended: false },
            readModelsCaughtUp: true,
            replayed: true,
          };
        }
      }
      const state = history.reduce((s, e) => stream.evolve(s, e as unknown as TEvent), stream.initialState);
      const events = stream.decide(command, state);
      if (events.length === 0) return { events, append: null, readModelsCaughtUp: true, replayed: false };
      const expectedRevision = history.length === 0 ? ('no_stream' as const) : history[history.length - 1]!.revision;
      const envelopes = events.map((e, i) => ({
        ...this.envelope(e, command.metadata, options, correlationId),
        ...(key ? { id: eventIdFromKey(scope, key, i) } : {}),
      }));
      try {
        const append = await this.store.append(streamId, envelopes, { expectedRevision });
        const readModelsCaughtUp = await this.waitForReadModels(append.position, options.waitForProjectors ?? this.projectorsOf(events), streamId);
        return { events, append, readModelsCaughtUp, replayed: !append.appended };
      } catch (error) {
        if (error instanceof IdempotencyConflictError) {
          // Usually a copy of this request with the same key (a client retry that raced the
          // first) appended first, decided a moment earlier: read again and answer as a replay.
          if (attempt < MAX_CONFLICT_RETRIES) continue;
          throw new UnprocessableEntityException('This Idempotency-Key was already used for a different request. Use a new key for a new request.');
        }
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_CONFLICT_RETRIES) {
          throw new ConflictException('Someone else changed this at the same moment. Reload and try again.');
        }
      }
    }
  }

  /**
   * The projectors whose read models these events change: only they can make the next GET
   * differ. Waiting for the others too cost every command the slowest projector's lag.
   */
  private projectorsOf(events: readonly { type: string }[]): string[] {
    return this.runner.projectors.filter((p) => events.some((e) => p.handles.includes(e.type))).map((p) => p.name);
  }

  private async waitForReadModels(position: GlobalPosition, projectors: readonly string[] | undefined, streamId: string): Promise<boolean> {
    const caughtUp = await this.runner.waitFor(position, { projectors, timeoutMs: this.config.readYourWritesTimeoutMs });
    if (!caughtUp) this.logger.warn(`read models did not catch up with ${streamId} within ${this.config.readYourWritesTimeoutMs} ms`);
    return caughtUp;
  }

  private envelope(event: { type: string; data: unknown }, metadata: CommandMetadata, options: DecideOptions, correlationId: string): NewEvent {
    return {
      type: event.type,
      data: event.data,
      metadata: {
        ...options.metadataExtras,
        actorId: String(metadata.actorId),
        actorRole: metadata.actorRole,
        correlationId,
        causationId: options.causationId ?? correlationId,
        occurredAt: metadata.now,
        schemaVersion: schemaVersionOf(event.type),
        ...(options.idempotencyKey ? { idempotencyKey: options.idempotencyKey } : {}),
      },
    };
  }
}
