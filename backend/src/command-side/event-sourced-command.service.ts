import { ConflictException, Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ProjectionRunner } from '@escrow/projections';
import {
  WrongExpectedVersionError,
  type AppendResult,
  type CommandMetadata,
  type EventStore,
  type NewEvent,
} from '@escrow/domain';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { EVENT_STORE } from '../event-store/event-store.tokens';

/** The pure half of a stream: how to fold its events and how to decide on a command. */
export interface StreamDecider<TState, TCommand, TEvent extends { type: string; data: unknown }> {
  initialState: TState;
  evolve(state: TState, event: TEvent): TState;
  decide(command: TCommand, state: TState): TEvent[];
}

export interface HandleOptions<TState, TCommand, TEvent extends { type: string; data: unknown }> {
  streamId: string;
  decider: StreamDecider<TState, TCommand, TEvent>;
  /** Built from the current state, so a retry after a conflict decides on fresh data. */
  command: (state: TState) => TCommand;
  metadata: CommandMetadata;
  correlationId?: string;
  /** The request or event that caused this command; defaults to the correlation id. */
  causationId?: string;
  /** Read your writes: wait until these projectors (all by default) passed the append. */
  waitForProjectors?: readonly string[];
}

export interface HandleResult<TEvent> {
  events: TEvent[];
  append: AppendResult | null;
  /** False when the answer timed out waiting for the read models (the write itself succeeded). */
  readModelsCaughtUp: boolean;
}

const MAX_CONFLICT_RETRIES = 5;

/**
 * Load → fold → decide → append with the expected revision → wait for the read models. A
 * concurrent writer on the same stream makes us decide again on fresh state, a bounded number
 * of times, then answer 409.
 */
@Injectable()
export class EventSourcedCommandService {
  private readonly logger = new Logger('Commands');

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    private readonly runner: ProjectionRunner,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async handle<TState, TCommand, TEvent extends { type: string; data: unknown }>(
    options: HandleOptions<TState, TCommand, TEvent>,
  ): Promise<HandleResult<TEvent>> {
    const correlationId = options.correlationId ?? randomUUID();
    for (let attempt = 0; ; attempt++) {
      const history = await this.store.readStream(options.streamId);
      const state = history.reduce((s, e) => options.decider.evolve(s, e as unknown as TEvent), options.decider.initialState);
      const events = options.decider.decide(options.command(state), state);
      if (events.length === 0) return { events, append: null, readModelsCaughtUp: true };
      const expectedRevision = history.length === 0 ? ('no_stream' as const) : history[history.length - 1]!.revision;
      try {
        const append = await this.store.append(options.streamId, events.map((e) => this.envelope(e, options.metadata, correlationId, options.causationId ?? correlationId)), { expectedRevision });
        const readModelsCaughtUp = await this.runner.waitFor(append.position, {
          projectors: options.waitForProjectors,
          timeoutMs: this.config.readYourWritesTimeoutMs,
        });
        if (!readModelsCaughtUp) this.logger.warn(`read models did not catch up with ${options.streamId} within ${this.config.readYourWritesTimeoutMs} ms`);
        return { events, append, readModelsCaughtUp };
      } catch (error) {
        if (!(error instanceof WrongExpectedVersionError)) throw error;
        if (attempt >= MAX_CONFLICT_RETRIES) {
          throw new ConflictException('Someone else changed this at the same moment. Reload and try again.');
        }
      }
    }
  }

  private envelope(event: { type: string; data: unknown }, metadata: CommandMetadata, correlationId: string, causationId: string): NewEvent {
    return {
      type: event.type,
      data: event.data,
      metadata: {
        actorId: String(metadata.actorId),
        actorRole: metadata.actorRole,
        correlationId,
        causationId,
        occurredAt: metadata.now,
        schemaVersion: 1,
      },
    };
  }
}
