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

/** Rebuilds one projector; see rebuildProjections. */
export async function rebuildProjection(options: RebuildOptions): Promise<RebuildResult> {
  const { projector, ...rest } = options;
  const [result] = await rebuildProjections({ ...rest, projectors: [projector] });
  return result!;
}

/**
 * Replays the whole global order into fresh tables while the live ones keep serving, then swaps
 * them in. Several projectors rebuild in one pass: each page of events is read once and applied
 * to all of them in one transaction (reading the events was most of the work of a rebuild, and
 * `rebuild --all` used to read them once per projector). The swap holds the projectors'
 * checkpoint rows, so a live runner (here or in another process) waits, then sees the moved
 * checkpoint and continues from it on the new tables.
 */
export async function rebuildProjections(options: Omit<RebuildOptions, 'projector'> & { projectors: readonly Projector[] }): Promise<RebuildResult[]> {
  const { pool, eventStore } = options;
  const projectors = [...options.projectors].sort((a, b) => a.name.localeCompare(b.name));
  const names = projectors.map((p) => p.name);
  const label = names.join(', ');
  const batchSize = options.batchSize ?? 5000;
  const started = Date.now();
  const lock = new Client({ connectionString: options.databaseUrl, application_name: `escrow-rebuild-${names.join('+')}`.slice(0, 63) });
  await lock.connect();
  const runIds: number[] = [];
  let shadowsCreated = false;
  const client = await pool.connect();
  const ignore = (): void => undefined; // a dying connection rejects the query; see withClient
  client.on('error', ignore);
  lock.on('error', ignore);
  try {
    for (const name of names) {
      const { rows: locked } = await lock.query<{ ok: boolean }>(`SELECT pg_try_advisory_lock(hashtextextended($1, 0)) AS ok`, [`rebuild:${name}`]);
      if (!locked[0]?.ok) throw new RebuildAlreadyRunningError(`A rebuild of ${name} is already running.`);
    }

    for (const projector of projectors) await ensureCheckpoint(pool, projector.name, projector.version);
    const total = (await eventStore.countAfter(null)) ?? 0;
    for (const projector of projectors) {
      const { rows } = await pool.query<{ id: number }>(
        `INSERT INTO projection_rebuilds (projector, version, state, events_total) VALUES ($1, $2, 'running', $3) RETURNING id`,
        [projector.name, projector.version, total],
      );
      runIds.push(rows[0]!.id);
    }
    shadowsCreated = true;
    for (const projector of projectors) await createShadowTables(client, projector.tables);

    let after: GlobalPosition | null = null;
    let done = 0;
    const applied = new Map(names.map((name) => [name, 0]));
    let lastEventAt: Date | null = null;
    const applyToAll = async (events: RecordedEvent[]): Promise<void> => {
      for (const projector of projectors) {
        const relevant = handledEvents(projector, events);
        if (relevant.length > 0) await projector.apply(relevant, projectionContext(client, projector, REBUILD_SUFFIX));
        applied.set(projector.name, applied.get(projector.name)! + relevant.length);
      }
      done += events.length;
      lastEventAt = events[events.length - 1]!.recordedAt;
    };

    // Bulk phase: read the next page while the current one is applied.
    // A page may hold none of our events and still move on (EventStoreDB passing system events):
    // the replay ends when the store says nothing more is readable, not at the first empty page.
    let page = eventStore.readAll({ after, limit: batchSize });
    for (;;) {
      const current = await page;
      if (current.events.length === 0 && !current.hasMore) break;
      after = current.lastPosition ?? after;
      page = eventStore.readAll({ after, limit: batchSize });
      if (current.events.length === 0) continue;
      await inTransaction(client, async () => {
        await applyToAll(current.events);
        await client.query(`UPDATE projection_rebuilds SET events_done = $2, heartbeat_at = now() WHERE id = ANY($1)`, [runIds, done]);
      });
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      options.onProgress?.({ projector: label, done, total: Math.max(total, done), eventsPerSecond: Math.round(done / seconds) });
      if (!current.hasMore) break;
    }
    await page.catch(() => undefined);

    // Swap phase: hold the checkpoint rows, apply what arrived meanwhile, compare, swap, move the checkpoints.
    const comparisons = new Map<string, RebuildComparison>();
    await inTransaction(client, async () => {
      const { rows: live } = await client.query<{ name: string; version: number; commit_position: string | null; prepare_position: string | null }>(
        'SELECT name, version, commit_position, prepare_position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE',
        [names],
      );
      for (;;) {
        const rest = await eventStore.readAll({ after, limit: batchSize });
        if (rest.events.length === 0 && !rest.hasMore) break;
        after = rest.lastPosition ?? after;
        if (rest.events.length > 0) await applyToAll(rest.events);
      }
      for (const [index, projector] of projectors.entries()) {
        const comparison = await compareWithLive(
          client,
          projector,
          live.find((l) => l.name === projector.name),
          after,
        );
        comparisons.set(projector.name, comparison);
        await swapInShadowTables(client, projector.tables);
        await client.query(
          `UPDATE projection_checkpoints
              SET version = $2, commit_position = $3, prepare_position = $4, state = 'running', error = NULL,
                  failed_event_id = NULL, events_applied = $5, last_event_at = $6, updated_at = now()
            WHERE name = $1`,
          [projector.name, projector.version, ...positionParams(after), applied.get(projector.name), lastEventAt],
        );
        await client.query(
          `UPDATE projection_rebuilds SET state = 'finished', events_done = $2, comparison = $3, finished_at = now(), heartbeat_at = now() WHERE id = $1`,
          [runIds[index], done, JSON.stringify(comparison)],
        );
      }
      await client.query(`UPDATE projection_dead_letters SET resolved_at = now() WHERE projector = ANY($1) AND resolved_at IS NULL`, [names]);
      // The rebuild applied every event, those of parked streams included: nothing waits any more.
      await client.query(`DELETE FROM projection_parked_streams WHERE projector = ANY($1)`, [names]);
    });
    const seconds = (Date.now() - started) / 1000;
    return projectors.map((p) => ({
      projector: p.name,
      events: done,
      applied: applied.get(p.name)!,
      seconds,
      position: after,
      comparison: comparisons.get(p.name)!,
    }));
  } catch (error) {
    if (runIds.length > 0) {
      await pool
        .query(`UPDATE projection_rebuilds SET state = 'failed', error = $2, finished_at = now() WHERE id = ANY($1)`, [runIds, (error as Error).message])
        .catch(() => undefined);
    }
    if (shadowsCreated) for (const projector of projectors) await dropShadowTables(client, projector.tables).catch(() => undefined);
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
  if (live.version !== projector.version)
    return { compared: false, reason: `the live tables were written by version ${live.version}, the rebuild by version ${projector.version}` };
  if (live.commit_position !== commit || live.prepare_position !== prepare) {
    return {
      compared: false,
      reason: `the live projector stood at ${live.commit_position ?? 'the start'}/${live.prepare_position ?? '-'}, the rebuild at ${commit ?? 'the start'}/${prepare ?? '-'}`,
    };
  }
  const tables = await compareTables(client, projector.tables, REBUILD_SUFFIX);
  return { compared: true, equal: tables.every((t) => t.equal), position: `${commit ?? 0}/${prepare ?? 0}`, tables };
}
