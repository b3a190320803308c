import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent, type Subscription } from '@escrow/domain';
import type { Pool, PoolClient } from 'pg';

import { handledEvents, inTransaction, projectionContext, withClient } from './apply-batch';
import { advanceCheckpoint, claimCheckpoint, ensureCheckpoint, markStopped, samePosition } from './checkpoints';
import { inProjectionSpan } from './event-traces';
import { parkStream } from './parked-streams';
import type { Projector } from './projector';
import { isTransientDatabaseError } from './transient-errors';

export type WorkerState = 'starting' | 'running' | 'standby' | 'stopped' | 'rebuilding' | 'halted';

/**
 * A batch with nothing for the projector moves its position in memory only; the checkpoint row
 * follows with the next batch it applies, or after this long. Writing it for every batch cost
 * each projector a transaction per command, for events it ignores.
 */
const IDLE_CHECKPOINT_MS = 1000;

/** What a log line says about the event it is about: follow its request by the correlation id. */
function eventFields(event: RecordedEvent): Record<string, unknown> {
  return { correlationId: event.metadata.correlationId, eventId: event.id, streamId: event.streamId };
}

/** The checkpoint is not where this worker left it: a rebuild swapped tables or another runner ran. */
class CheckpointMovedError extends Error {}
/** The projector failed on an event and could not even park its stream: it stays stopped. */
class ProjectorStoppedError extends Error {}

export interface ProjectorWorkerDeps {
  pool: Pool;
  eventStore: EventStore;
  projector: Projector;
  batchSize: number;
  /** A line for the process's log; fields (the failing event's correlation id) go into a JSON line. */
  log: (line: string, fields?: Record<string, unknown>) => void;
  tryLock: (name: string) => Promise<boolean>;
  unlock: (name: string) => Promise<void>;
  rebuild: (projector: Projector) => Promise<void>;
  /**
   * After each batch: how many of its events the projector applied (0: none were for it), how
   * long its transaction took when one was written (metrics), and the event store's
   * `appendsAnnounced()` from before that transaction began (for its nudge).
   */
  onProgress: (applied: number, batchSeconds?: number, appendsBefore?: number) => void;
  /** How long the checkpoint row may trail behind ignored events (IDLE_CHECKPOINT_MS by default). */
  idleCheckpointMs?: number;
  retryMs: number;
}

/**
 * Runs one projector: holds its advisory lock, follows the global order from its checkpoint and
 * applies each batch in one transaction together with the checkpoint (compare-and-set), so a
 * crash between the two can neither skip nor repeat an event.
 */
export class ProjectorWorker {
  state: WorkerState = 'starting';
  /** Everything up to here is applied (or needs nothing from this projector). */
  position: GlobalPosition | null = null;
  /** Where the checkpoint row stands: position may run ahead of it by batches of ignored events. */
  private persisted: GlobalPosition | null = null;
  private persistedAt = 0;
  /** The last ignored event when position ran ahead of the checkpoint row. */
  private unpersistedTail: RecordedEvent | null = null;
  private flushTimer: NodeJS.Timeout | null = null;
  /** Batches and checkpoint flushes run one at a time, in order. */
  private chain: Promise<void> = Promise.resolve();
  lastError: string | null = null;
  private stopping = false;
  private subscription: Subscription | null = null;
  private sleeper: (() => void) | null = null;
  private loop: Promise<void> | null = null;
  private locked = false;
  /** Transient failures in a row: the first retries come quickly, then every retryMs. */
  private transientFailures = 0;
  /** Our lock went with its connection: the session holding it may take a moment to end. */
  private retakingLock = false;

  constructor(private readonly deps: ProjectorWorkerDeps) {}

  get name(): string {
    return this.deps.projector.name;
  }

  start(): void {
    this.loop ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopping = true;
    this.sleeper?.();
    await this.subscription?.stop();
    await this.loop;
  }

  /** The lock connection was lost: another runner may take over, so start again from the top. */
  lockLost(): void {
    this.locked = false;
    this.retakingLock = true;
    void this.subscription?.stop();
  }

  /** Wakes a stopped or standby worker to look at its checkpoint again (after retry or rebuild). */
  poke(): void {
    this.sleeper?.();
  }

  hasPassed(position: GlobalPosition): boolean {
    return this.position !== null && comparePositions(this.position, position) >= 0;
  }

  private async run(): Promise<void> {
    const { projector } = this.deps;
    while (!this.stopping) {
      try {
        if (!this.locked) {
          this.locked = await this.deps.tryLock(projector.name);
          if (!this.locked) {
            this.state = 'standby';
            await this.sleep(this.retakingLock ? this.quickRetryDelay() : this.deps.retryMs);
            continue;
          }
          this.retakingLock = false;
        }
        const checkpoint = await ensureCheckpoint(this.deps.pool, projector.name, projector.version);
        this.position = checkpoint.position;
        this.persisted = checkpoint.position;
        this.persistedAt = Date.now();
        this.unpersistedTail = null;
        if (checkpoint.state === 'stopped') {
          this.state = 'stopped';
          this.lastError = checkpoint.error;
          await this.sleep(this.deps.retryMs);
          continue;
        }
        if (checkpoint.version !== projector.version) {
          this.state = 'rebuilding';
          this.deps.log(`projector ${projector.name}: stored version ${checkpoint.version}, code version ${projector.version}: rebuilding`);
          await this.deps.rebuild(projector);
          continue;
        }
        this.state = 'running';
        this.lastError = null;
        this.transientFailures = 0;
        this.deps.onProgress(0);
        this.subscription = this.deps.eventStore.subscribeToAll({ after: checkpoint.position, batchSize: this.deps.batchSize }, (batch) =>
          this.handleBatch(batch),
        );
        // stop() may have come while this worker was starting, before there was a subscription to stop.
        if (this.stopping) void this.subscription.stop();
        await this.subscription.done;
      } catch (error) {
        if (this.stopping) break;
        if (error instanceof ProjectorStoppedError) continue; // the loop now sees state 'stopped'
        if (!(error instanceof CheckpointMovedError)) {
          this.lastError = (error as Error).message;
          this.deps.log(`projector ${projector.name}: ${(error as Error).message}; retrying`);
          await this.sleep(this.retryDelay(error));
        }
      } finally {
        this.subscription = null;
      }
    }
    this.state = 'halted';
    if (this.flushTimer) clearTimeout(this.flushTimer);
    if (this.locked) await this.serial(() => this.persistIgnored()).catch(() => undefined);
    if (this.locked) await this.deps.unlock(projector.name).catch(() => undefined);
    this.locked = false;
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.chain.then(work);
    this.chain = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }

  private handleBatch(batch: RecordedEvent[]): Promise<void> {
    return this.serial(() => this.applyBatch(batch));
  }

  private async applyBatch(batch: RecordedEvent[]): Promise<void> {
    if (this.stopping || !this.locked) throw new CheckpointMovedError('stopping');
    const last = batch[batch.length - 1]!;
    const idleMs = this.deps.idleCheckpointMs ?? IDLE_CHECKPOINT_MS;
    if (handledEvents(this.deps.projector, batch).length === 0 && Date.now() - this.persistedAt < idleMs) {
      this.position = last.position;
      this.unpersistedTail = last;
      this.flushTimer ??= setTimeout(() => {
        this.flushTimer = null;
        this.serial(() => this.persistIgnored()).catch(() => undefined); // a moved checkpoint shows on the next batch
      }, idleMs);
      this.flushTimer.unref();
      this.deps.onProgress(0);
      return;
    }
    await withClient(
      this.deps.pool,
      async (client) => {
        try {
          await this.applyInOneTransaction(client, batch);
        } catch (error) {
          if (isTransientDatabaseError(error) || error instanceof CheckpointMovedError) throw error;
          // Something in the batch cannot be applied: find the event, record it, stop.
          await this.applyOneByOne(client, batch);
        }
      },
      isTransientDatabaseError,
    );
  }

  private async applyInOneTransaction(client: PoolClient, events: RecordedEvent[]): Promise<void> {
    const { projector } = this.deps;
    const last = events[events.length - 1]!;
    let applied = 0;
    const started = performance.now();
    const appendsBefore = this.deps.eventStore.appendsAnnounced();
    await inTransaction(client, async () => {
      // Events of parked streams wait until an operator resumes the stream (parked-streams.ts).
      const parked = await this.claimCheckpoint(client);
      const relevant = handledEvents(projector, events).filter((event) => !parked.has(event.streamId));
      if (relevant.length > 0) await inProjectionSpan(projector.name, relevant, () => projector.apply(relevant, projectionContext(client, projector, null)));
      await advanceCheckpoint(client, projector.name, last.position, relevant.length, last.recordedAt);
      applied = relevant.length;
    });
    this.position = last.position;
    this.persisted = last.position;
    this.persistedAt = Date.now();
    this.unpersistedTail = null;
    this.deps.onProgress(applied, (performance.now() - started) / 1000, appendsBefore);
  }

  /** Moves the checkpoint row past ignored events the position already passed. */
  private async persistIgnored(): Promise<void> {
    const tail = this.unpersistedTail;
    if (!tail || !this.locked || samePosition(this.persisted, this.position)) return;
    await withClient(
      this.deps.pool,
      (client) =>
        inTransaction(client, async () => {
          await this.claimCheckpoint(client);
          await advanceCheckpoint(client, this.name, tail.position, 0, tail.recordedAt);
        }),
      isTransientDatabaseError,
    );
    this.persisted = tail.position;
    this.persistedAt = Date.now();
    this.unpersistedTail = null;
  }

  /**
   * Finds the event that cannot be applied and parks its stream: the stream's later events wait,
   * every other stream goes on (one bad stream must never stop every user's read models).
   */
  private async applyOneByOne(client: PoolClient, batch: RecordedEvent[]): Promise<void> {
    for (const event of batch) {
      try {
        await this.applyInOneTransaction(client, [event]);
      } catch (error) {
        if (isTransientDatabaseError(error) || error instanceof CheckpointMovedError) throw error;
        await this.park(client, event, error as Error);
      }
    }
  }

  private async park(client: PoolClient, event: RecordedEvent, error: Error): Promise<void> {
    this.deps.log(`projector ${this.name} PARKED stream ${event.streamId}: ${error.message} (event ${event.type} ${event.id})`, eventFields(event));
    try {
      await inTransaction(client, async () => {
        await this.claimCheckpoint(client);
        await parkStream(client, this.name, event, error);
        await advanceCheckpoint(client, this.name, event.position, 0, event.recordedAt);
      });
    } catch (parkError) {
      if (isTransientDatabaseError(parkError) || parkError instanceof CheckpointMovedError) throw parkError;
      // Parking itself failed: stop rather than skip anything.
      await this.recordFailure(client, event, error);
      throw new ProjectorStoppedError(`projector ${this.name} stopped`);
    }
    this.position = event.position;
    this.persisted = event.position;
    this.persistedAt = Date.now();
    this.unpersistedTail = null;
    this.deps.onProgress(0);
  }

  private async recordFailure(client: PoolClient, event: RecordedEvent, error: Error): Promise<void> {
    const message = `${error.message} (event ${event.type} ${event.id} in ${event.streamId})`;
    this.deps.log(`projector ${this.name} STOPPED: ${message}`, eventFields(event));
    await inTransaction(client, async () => {
      await markStopped(client, this.name, message, event.id);
      await client.query(
        `INSERT INTO projection_dead_letters (projector, event_id, stream_id, position, type, data, error)
         VALUES ($1, $2, $3, $4, $5, $6, $7)`,
        [
          this.name,
          event.id,
          event.streamId,
          `${event.position.commit}/${event.position.prepare}`,
          event.type,
          JSON.stringify(event.data),
          error.stack ?? error.message,
        ],
      );
    });
    this.state = 'stopped';
    this.lastError = message;
  }

  /**
   * Locks the checkpoint row first (before any read-model row), then checks nobody moved it;
   * answers the streams the projector has parked (one round trip for both).
   */
  private async claimCheckpoint(client: PoolClient): Promise<Set<string>> {
    const { checkpoint, parked } = await claimCheckpoint(client, this.name);
    if (
      !checkpoint ||
      checkpoint.state !== 'running' ||
      checkpoint.version !== this.deps.projector.version ||
      !samePosition(checkpoint.position, this.persisted)
    ) {
      throw new CheckpointMovedError(`checkpoint of ${this.name} moved`);
    }
    return parked;
  }

  /**
   * A cut connection (a terminated session, a PostgreSQL restart) usually heals at once, and
   * commands wait for this projector to answer (read your writes): retry after 50 ms, doubling up
   * to retryMs. Other failures wait the full retryMs.
   */
  private retryDelay(error: unknown): number {
    return isTransientDatabaseError(error) ? this.quickRetryDelay() : this.deps.retryMs;
  }

  private quickRetryDelay(): number {
    this.transientFailures++;
    return Math.min(this.deps.retryMs, 50 * 2 ** (this.transientFailures - 1));
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      if (this.stopping) return resolve();
      const done = (): void => {
        clearTimeout(timer);
        this.sleeper = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.sleeper = done;
    });
  }
}
