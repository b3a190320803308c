import type { EventStore, GlobalPosition, RecordedEvent } from '@escrow/domain';
import type { Pool } from 'pg';
import { Client, type PoolClient } from 'pg';
import { handledEvents, inTransaction, projectionContext } from './apply-batch';
import { ensureCheckpoint, positionParams } from './checkpoints';
import type { Projector } from './projector';
import { compareTables, type RebuildComparison } from './table-compare';
import { createShadowTables, dropShadowTables, REBUILD_SUFFIX, swapInShadowTables } from './table-swap';

export interface RebuildProgress {
  projector: string;
  done: number;
  total: number;
  eventsPerSecond: number;
}

export interface RebuildOptions {
  pool: Pool;
  eventStore: EventStore;
  projector: Projector;
  /** Connection string for the session that holds the rebuild lock. */
  databaseUrl: string;
  batchSize?: number;
  onProgress?: (progress: RebuildProgress) => void;
}

export interface RebuildResult {
  projector: string;
  events: number;
  applied: number;
  seconds: number;
  position: GlobalPosition | null;
  /** The fresh tables against the live ones just before the swap (see compareWithLive). */
  comparison: RebuildComparison;
}

export class RebuildAlreadyRunningError extends Error {}

/**
 * Replays the whole global order into fresh tables while the live ones keep serving, then swaps
 * them in. The swap holds the projector's checkpoint row, so a live runner (here or in another
 * process) waits, then sees the moved checkpoint and continues from it on the new tables.
 */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { pool, eventStore, projector } = options;
  const batchSize = options.batchSize ?? 5000;
  const started = Date.now();
  const lock = new Client({ connectionString: options.databaseUrl, application_name: `escrow-rebuild-${projector.name}` });
  await lock.connect();
  let runId: number | null = null;
  const client = await pool.connect();
  const ignore = (): void => undefined; // a dying connection rejects the query; see withClient
  client.on('error', ignore);
  lock.on('error', ignore);
  try {
    const { rows: locked } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [`rebuild:${projector.name}`]);
    if (!locked[0]?.ok) throw new RebuildAlreadyRunningError(`A rebuild of ${projector.name} is already running.`);

    await ensureCheckpoint(pool, projector.name, projector.version);
    const total = (await eventStore.countAfter(null)) ?? 0;
    const { rows } = await pool.query<{ id: number }>(
      `INSERT INTO projection_rebuilds (projector, version, state, events_total) VALUES ($1, $2, 'running', $3) RETURNING id`,
      [projector.name, projector.version, total],
    );
    runId = rows[0]!.id;
    await createShadowTables(client, projector.tables);

    let after: GlobalPosition | null = null;
    let done = 0;
    let applied = 0;
    let lastEventAt: Date | null = null;
    const apply = async (events: RecordedEvent[]): Promise<void> => {
      const relevant = handledEvents(projector, events);
      await inTransaction(client, async () => {
        if (relevant.length > 0) await projector.apply(relevant, projectionContext(client, projector, REBUILD_SUFFIX));
        await client.query(`UPDATE projection_rebuilds SET events_done = $2, heartbeat_at = now() WHERE id = $1`, [runId, done + events.length]);
      });
      done += events.length;
      applied += relevant.length;
      lastEventAt = events[events.length - 1]!.recordedAt;
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      options.onProgress?.({ projector: projector.name, done, total: Math.max(total, done), eventsPerSecond: Math.round(done / seconds) });
    };

    // Bulk phase: read the next page while the current one is applied.
    let page = eventStore.readAll({ after, limit: batchSize });
    for (;;) {
      const current = await page;
      if (current.events.length === 0) break;
      after = current.lastPosition;
      page = eventStore.readAll({ after, limit: batchSize });
      await apply(current.events);
      if (!current.hasMore) break;
    }
    await page.catch(() => undefined);

    // Swap phase: hold the checkpoint row, apply what arrived meanwhile, compare, swap, move the checkpoint.
    let comparison: RebuildComparison = { compared: false, reason: 'not compared' };
    await inTransaction(client, async () => {
      const { rows: live } = await client.query<{ version: number; commit_position: string | null; prepare_position: string | null }>(
        'SELECT version, commit_position, prepare_position FROM projection_checkpoints WHERE name = $1 FOR UPDATE',
        [projector.name],
      );
      for (;;) {
        const rest = await eventStore.readAll({ after, limit: batchSize });
        if (rest.events.length === 0) break;
        after = rest.lastPosition;
        const relevant = handledEvents(projector, rest.events);
        if (relevant.length > 0) await projector.apply(relevant, projectionContext(client, projector, REBUILD_SUFFIX));
        done += rest.events.length;
        applied += relevant.length;
        lastEventAt = rest.events[rest.events.length - 1]!.recordedAt;
      }
      comparison = await compareWithLive(client, projector, live[0], after);
      await swapInShadowTables(client, projector.tables);
      await client.query(
        `UPDATE projection_checkpoints
            SET version = $2, commit_position = $3, prepare_position = $4, state = 'running', error = NULL,
                failed_event_id = NULL, events_applied = $5, last_event_at = $6, updated_at = now()
          WHERE name = $1`,
        [projector.name, projector.version, ...positionParams(after), applied, lastEventAt],
      );
      await client.query(`UPDATE projection_dead_letters SET resolved_at = now() WHERE projector = $1 AND resolved_at IS NULL`, [projector.name]);
      await client.query(`UPDATE projection_rebuilds SET state = 'finished', events_done = $2, comparison = $3, finished_at = now(), heartbeat_at = now() WHERE id = $1`, [
        runId,
        done,
        JSON.stringify(comparison),
      ]);
    });
    return { projector: projector.name, events: done, applied, seconds: (Date.now() - started) / 1000, position: after, comparison };
  } catch (error) {
    if (runId !== null) {
      await pool
        .query(`UPDATE projection_rebuilds SET state = 'failed', error = $2, finished_at = now() WHERE id = $1`, [runId, (error as Error).message])
        .catch(() => undefined);
      await dropShadowTables(client, projector.tables).catch(() => undefined);
    }
    throw error;
  } finally {
    client.off('error', ignore);
    client.release(true); // its session may hold shadow tables' locks or a broken connection
    await lock.end().catch(() => undefined);
  }
}


/**
 * While the checkpoint row is held, the live tables cannot move: when they stand at the very
 * position the rebuild reached, written by the same projector version, a rebuild must have
 * produced exactly the same rows. A difference means the projector is not a pure function of the
 * events (or the live tables were damaged); the operator sees it in the status.
 */
async function compareWithLive(
  client: PoolClient,
  projector: Projector,
  live: { version: number; commit_position: string | null; prepare_position: string | null } | undefined,
  after: GlobalPosition | null,
): Promise<RebuildComparison> {
  const [commit, prepare] = positionParams(after);
  if (!live) return { compared: false, reason: 'the projector had no live tables yet' };
  if (live.version !== projector.version) return { compared: false, reason: `the live tables were written by version ${live.version}, the rebuild by version ${projector.version}` };
  if (live.commit_position !== commit || live.prepare_position !== prepare) {
    return { compared: false, reason: `the live projector stood at ${live.commit_position ?? 'the start'}/${live.prepare_position ?? '-'}, the rebuild at ${commit ?? 'the start'}/${prepare ?? '-'}` };
  }
  const tables = await compareTables(client, projector.tables, REBUILD_SUFFIX);
  return { compared: true, equal: tables.every((t) => t.equal), position: `${commit ?? 0}/${prepare ?? 0}`, tables };
}
