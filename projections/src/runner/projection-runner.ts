import { EventEmitter } from 'node:events';

import { comparePositions, type EventStore, formatPosition, type GlobalPosition, type ProjectorStatus, type RebuildStatusView } from '@escrow/domain';
import { Client, type Pool } from 'pg';

import { readAllCheckpoints, readCheckpoint, resumeProjector } from './checkpoints';
import { listParkedStreams, type ParkedStream, resumeParkedStreams } from './parked-streams';
import type { Projector } from './projector';
import { ProjectorWorker } from './projector-worker';
import { type RebuildProgress, rebuildProjections, type RebuildResult } from './rebuild';
import type { RebuildComparison } from './table-compare';

export interface ProjectionRunnerOptions {
  pool: Pool;
  eventStore: EventStore;
  projectors: readonly Projector[];
  /** For the sessions that hold advisory locks (one per runner, one per rebuild). */
  databaseUrl: string;
  batchSize?: number;
  retryMs?: number;
  /** How long a checkpoint row may trail behind events its projector ignores (see IDLE_CHECKPOINT_MS). */
  idleCheckpointMs?: number;
  log?: (line: string, fields?: Record<string, unknown>) => void;
}

/** The status the runner reports is the API contract's (GET /api/admin/projections answers it). */
export type { ProjectorStatus };

const REBUILD_HEARTBEAT_STALE_MS = 60_000;

/**
 * Runs every projector of this process (one worker each), answers read-your-writes waits and
 * reports status. Several runners may run against one database: the advisory lock of each
 * projector makes exactly one of them active, the others stand by.
 */
export class ProjectionRunner {
  private readonly workers = new Map<string, ProjectorWorker>();
  private readonly progress = new EventEmitter();
  /** Where projectors run by other processes were last seen: a position they passed stays passed. */
  private readonly remotePassed = new Map<string, GlobalPosition>();
  private lockClient: Client | null = null;
  private lockClientReady: Promise<Client> | null = null;
  private lockQueue: Promise<void> = Promise.resolve();
  private started = false;
  private readonly log: (line: string, fields?: Record<string, unknown>) => void;

  constructor(private readonly options: ProjectionRunnerOptions) {
    this.log = options.log ?? (() => undefined);
    this.progress.setMaxListeners(0);
    const names = new Set<string>();
    for (const projector of options.projectors) {
      if (names.has(projector.name)) throw new Error(`two projectors are named ${projector.name}`);
      names.add(projector.name);
    }
  }

  /**
   * Called after any local projector handled a batch, with its name, how many events it
   * applied (payments dispatching listens to this) and, when it wrote one, how long the batch's
   * transaction took (metrics).
   */
  onProgress(listener: (projector: string, applied: number, batchSeconds?: number) => void): () => void {
    this.progress.on('progress', listener);
    return () => this.progress.off('progress', listener);
  }

  get projectors(): readonly Projector[] {
    return this.options.projectors;
  }

  start(): void {
    if (this.started) return;
    this.started = true;
    for (const projector of this.options.projectors) {
      const worker = new ProjectorWorker({
        pool: this.options.pool,
        eventStore: this.options.eventStore,
        projector,
        batchSize: this.options.batchSize ?? 500,
        retryMs: this.options.retryMs ?? 2000,
        idleCheckpointMs: this.options.idleCheckpointMs,
        log: this.log,
        tryLock: (name) => this.tryLock(name),
        unlock: (name) => this.unlock(name),
        rebuild: async (p) => {
          await this.rebuild(p.name);
        },
        onProgress: (applied, batchSeconds, appendsBefore) => {
          // A batch that wrote held a transaction id: events appended meanwhile become readable now.
          if (applied > 0) this.options.eventStore.nudge(appendsBefore);
          this.progress.emit('progress', projector.name, applied, batchSeconds);
        },
      });
      this.workers.set(projector.name, worker);
      worker.start();
    }
  }

  async stop(): Promise<void> {
    await Promise.all([...this.workers.values()].map((worker) => worker.stop()));
    this.workers.clear();
    this.started = false;
    const client = this.lockClient;
    this.lockClient = null;
    if (client) await client.end().catch(() => undefined);
  }

  /**
   * Read your writes: resolves true once every named projector (all by default) has applied
   * everything up to `position`, false when the time runs out or a projector is stopped.
   */
  async waitFor(position: GlobalPosition, options: { projectors?: readonly string[]; timeoutMs: number }): Promise<boolean> {
    const names = options.projectors ?? this.options.projectors.map((p) => p.name);
    const deadline = Date.now() + options.timeoutMs;
    for (;;) {
      const pending: string[] = [];
      for (const name of names) {
        const worker = this.workers.get(name);
        if (worker?.state === 'running') {
          if (!worker.hasPassed(position)) pending.push(name);
        } else if (worker?.state === 'stopped') {
          return false;
        } else {
          pending.push(name);
        }
      }
      // Projectors run by another process: what they were last seen to have passed, else ask the database.
      const remote = pending.filter((name) => this.workers.get(name)?.state !== 'running');
      for (const name of [...remote]) {
        const seen = this.remotePassed.get(name);
        if (seen && comparePositions(seen, position) >= 0) {
          remote.splice(remote.indexOf(name), 1);
          pending.splice(pending.indexOf(name), 1);
        }
      }
      if (remote.length > 0) {
        const { rows } = await this.options.pool.query<{ name: string; commit_position: string | null; prepare_position: string | null; state: string }>(
          `SELECT name, commit_position, prepare_position, state FROM projection_checkpoints WHERE name = ANY($1)`,
          [remote],
        );
        for (const row of rows) {
          if (row.state === 'stopped') return false;
          if (row.commit_position === null) continue;
          const passed = { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position!) };
          this.remotePassed.set(row.name, passed);
          if (comparePositions(passed, position) >= 0) pending.splice(pending.indexOf(row.name), 1);
        }
      }
      if (pending.length === 0) return true;
      const left = deadline - Date.now();
      if (left <= 0) return false;
      await new Promise<void>((resolve) => {
        const done = (): void => {
          clearTimeout(timer);
          this.progress.off('progress', done);
          resolve();
        };
        // Local progress wakes us at once; projectors of other processes are polled.
        const timer = setTimeout(done, Math.min(left, remote.length > 0 ? 20 : 250));
        this.progress.on('progress', done);
      });
    }
  }

  async rebuild(name: string, onProgress?: (progress: RebuildProgress) => void): Promise<RebuildResult> {
    const [result] = await this.rebuildMany([name], onProgress);
    return result!;
  }

  /** Rebuilds these projectors in one pass over the events (`rebuild --all`). */
  async rebuildMany(
    names: readonly string[],
    onProgress?: (progress: RebuildProgress) => void,
    tuning: { memoryMb?: number; quietEvents?: number; batchSize?: number } = {},
  ): Promise<RebuildResult[]> {
    const projectors = names.map((name) => {
      const projector = this.options.projectors.find((p) => p.name === name);
      if (!projector) throw new Error(`No projector is named "${name}". Known: ${this.options.projectors.map((p) => p.name).join(', ')}`);
      return projector;
    });
    const results = await rebuildProjections({
      pool: this.options.pool,
      eventStore: this.options.eventStore,
      projectors,
      databaseUrl: this.options.databaseUrl,
      onProgress,
      ...tuning,
    });
    for (const name of names) this.workers.get(name)?.poke();
    return names.map((name) => results.find((r) => r.projector === name)!);
  }

  /**
   * After a fix is deployed: applies the waiting events of the projector's parked streams (or of
   * one stream), and clears a stopped projector's failure so it retries its event. True when
   * anything was resumed.
   */
  async resume(name: string, streamId?: string): Promise<boolean> {
    const projector = this.options.projectors.find((p) => p.name === name);
    if (!projector) throw new Error(`No projector is named "${name}". Known: ${this.options.projectors.map((p) => p.name).join(', ')}`);
    const streams = await resumeParkedStreams(this.options.pool, this.options.eventStore, projector, streamId);
    const resumed = streamId === undefined ? await resumeProjector(this.options.pool, name) : false;
    this.workers.get(name)?.poke();
    for (const s of streams) if (!s.resumed) this.log(`projector ${name}: stream ${s.streamId} failed again on resume: ${s.error}`);
    return resumed || streams.some((s) => s.resumed);
  }

  /** Streams a projector parked because one of their events failed (their later events wait). */
  async parkedStreams(name?: string): Promise<ParkedStream[]> {
    return listParkedStreams(this.options.pool, name);
  }

  async status(): Promise<ProjectorStatus[]> {
    const { pool, eventStore } = this.options;
    // Worker states first: a worker reports 'stopped' only after its failure is committed, so
    // the rows read next are at least as new as these states.
    const workerStates = new Map([...this.workers].map(([name, worker]) => [name, worker.state]));
    const [checkpoints, head, deadLetters, rebuilds, parked] = await Promise.all([
      readAllCheckpoints(pool),
      eventStore.headPosition(),
      pool.query<{ projector: string; n: number }>(
        `SELECT projector, count(*)::int AS n FROM projection_dead_letters WHERE resolved_at IS NULL GROUP BY projector`,
      ),
      pool.query<{
        projector: string;
        state: RebuildStatusView['state'];
        events_done: number;
        events_total: number | null;
        started_at: Date;
        finished_at: Date | null;
        heartbeat_at: Date;
        error: string | null;
        comparison: RebuildComparison | null;
      }>(
        `SELECT DISTINCT ON (projector) projector, state, events_done, events_total, started_at, finished_at, heartbeat_at, error, comparison
           FROM projection_rebuilds ORDER BY projector, started_at DESC`,
      ),
      listParkedStreams(pool),
    ]);
    const byName = new Map(checkpoints.map((c) => [c.name, c]));
    const open = new Map(deadLetters.rows.map((r) => [r.projector, r.n]));
    const lastRebuild = new Map(rebuilds.rows.map((r) => [r.projector, r]));
    return Promise.all(
      this.options.projectors.map(async (projector): Promise<ProjectorStatus> => {
        const checkpoint = byName.get(projector.name) ?? null;
        const workerState = workerStates.get(projector.name);
        const lagEvents = checkpoint ? await eventStore.countAfter(checkpoint.position) : await eventStore.countAfter(null);
        const lagSeconds =
          lagEvents === 0
            ? 0
            : head && checkpoint?.lastEventAt
              ? Math.max(0, (head.recordedAt.getTime() - checkpoint.lastEventAt.getTime()) / 1000)
              : head
                ? null
                : 0;
        const rebuild = lastRebuild.get(projector.name);
        const state = checkpoint?.state === 'stopped' ? 'stopped' : (workerState ?? (checkpoint ? 'not running here' : 'never run'));
        return {
          name: projector.name,
          version: projector.version,
          storedVersion: checkpoint?.version ?? null,
          state,
          position: formatPosition(checkpoint?.position ?? null),
          lagEvents,
          lagSeconds,
          eventsApplied: checkpoint?.eventsApplied ?? 0,
          lastEventAt: checkpoint?.lastEventAt?.toISOString() ?? null,
          error: checkpoint?.error ?? null,
          failedEventId: checkpoint?.failedEventId ?? null,
          openDeadLetters: open.get(projector.name) ?? 0,
          parkedStreams: parked.filter((p) => p.projector === projector.name),
          lastRebuild: rebuild
            ? {
                state: rebuild.state,
                done: Number(rebuild.events_done),
                total: rebuild.events_total === null ? null : Number(rebuild.events_total),
                startedAt: rebuild.started_at.toISOString(),
                finishedAt: rebuild.finished_at?.toISOString() ?? null,
                stale: rebuild.state === 'running' && Date.now() - rebuild.heartbeat_at.getTime() > REBUILD_HEARTBEAT_STALE_MS,
                error: rebuild.error,
                comparison: rebuild.comparison,
              }
            : null,
        };
      }),
    );
  }

  async checkpointOf(name: string) {
    return readCheckpoint(this.options.pool, name);
  }

  private async lockConnection(): Promise<Client> {
    if (this.lockClient) return this.lockClient;
    this.lockClientReady ??= (async () => {
      const client = new Client({ connectionString: this.options.databaseUrl, application_name: 'escrow-projection-locks' });
      const lost = (): void => {
        if (this.lockClient !== client) return;
        this.lockClient = null;
        this.log('projection lock connection lost: projectors restart and take their locks again');
        for (const worker of this.workers.values()) worker.lockLost();
      };
      client.on('error', lost);
      client.on('end', lost);
      await client.connect();
      this.lockClient = client;
      return client;
    })().finally(() => {
      this.lockClientReady = null;
    });
    return this.lockClientReady;
  }

  private async tryLock(name: string): Promise<boolean> {
    return this.onLockConnection(async (client) => {
      const { rows } = await client.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [`projection:${name}`]);
      return rows[0]?.ok === true;
    });
  }

  private async unlock(name: string): Promise<void> {
    if (!this.lockClient) return;
    await this.onLockConnection((client) => client.query(`SELECT pg_advisory_unlock(hashtextextended($1, 0))`, [`projection:${name}`]));
  }

  /** One query at a time on the shared lock connection (workers ask for their locks concurrently). */
  private onLockConnection<T>(work: (client: Client) => Promise<T>): Promise<T> {
    const run = this.lockQueue.then(async () => work(await this.lockConnection()));
    this.lockQueue = run.then(
      () => undefined,
      () => undefined,
    );
    return run;
  }
}
