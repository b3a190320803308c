import { comparePositions, type EventStore, type GlobalPosition, type RecordedEvent } from '@escrow/domain';
import type { Pool } from 'pg';
import { Client, type PoolClient } from 'pg';

import { handledEvents, inTransaction, projectionContext } from './apply-batch';
import { ensureCheckpoint, positionParams } from './checkpoints';
import { CopyWriter } from './copy-writer';
import type { BulkReplay, BulkSink, ReplayLimits } from './projector';
import { type Projector, quoteIdentifier } from './projector';
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
  /** Resident memory above which held states are written out early (default REBUILD_DEFAULTS). */
  memoryMb?: number;
  /** Events of quiet after which a stream's held state is written out (default REBUILD_DEFAULTS). */
  quietEvents?: number;
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
  /** Seconds each phase took: where a rebuild spends its time. */
  phases: { bulk: number; indexes: number; catchUp: number; compare: number; swap: number };
}

export class RebuildAlreadyRunningError extends Error {}

/** Defaults of a rebuild's memory: under 1 GB of resident memory in all (see docs/operations.md). */
export const REBUILD_DEFAULTS = { memoryMb: 768, quietEvents: 50_000 };

/**
 * Replays the whole global order into fresh tables while the live ones keep serving, then swaps
 * them in. Several projectors rebuild in one pass: each page of events is read once and handed
 * to all of them.
 *
 * 1. Bulk: fresh tables without their secondary indexes; projectors with a bulk replay keep
 *    what they fold in memory across pages and write rows with COPY (about once each), in
 *    chunks committed one by one, never a long transaction.
 * 2. The secondary indexes are built, once, from the loaded rows.
 * 3. Catch up with what arrived meanwhile, through the projectors' own `apply`.
 * 4. Compare with the live tables when a live projector stands at the same position, in a
 *    read-only snapshot that holds no transaction id, so no reader of the global order waits.
 * 5. Swap, in a short transaction that holds the checkpoint rows: apply the last few events,
 *    swap the tables, move the checkpoints. A live runner (here or in another process) waits on
 *    the row lock, then continues from the moved checkpoint on the new tables.
 */
export async function rebuildProjections(options: Omit<RebuildOptions, 'projector'> & { projectors: readonly Projector[] }): Promise<RebuildResult[]> {
  const { pool, eventStore } = options;
  const projectors = [...options.projectors].sort((a, b) => a.name.localeCompare(b.name));
  const names = projectors.map((p) => p.name);
  const label = names.join(', ');
  const batchSize = options.batchSize ?? 5000;
  const limits: ReplayLimits = {
    memoryBytes: (options.memoryMb ?? REBUILD_DEFAULTS.memoryMb) * 1024 * 1024,
    quietEvents: options.quietEvents ?? REBUILD_DEFAULTS.quietEvents,
  };
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
    const deferredIndexes: string[] = [];
    for (const projector of projectors) deferredIndexes.push(...(await createShadowTables(client, projector.tables, { deferIndexes: true })));

    let after: GlobalPosition | null = null;
    let done = 0;
    const applied = new Map(names.map((name) => [name, 0]));
    let lastEventAt: Date | null = null;
    const progress = async (): Promise<void> => {
      await client.query(`UPDATE projection_rebuilds SET events_done = $2, heartbeat_at = now() WHERE id = ANY($1)`, [runIds, done]);
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      options.onProgress?.({ projector: label, done, total: Math.max(total, done), eventsPerSecond: Math.round(done / seconds) });
    };
    /** Through the projectors' own apply, in the caller's transaction (catch-up and swap). */
    const applyToAll = async (events: RecordedEvent[]): Promise<void> => {
      for (const projector of projectors) {
        const relevant = handledEvents(projector, events);
        if (relevant.length > 0) await projector.apply(relevant, projectionContext(client, projector, REBUILD_SUFFIX));
        applied.set(projector.name, applied.get(projector.name)! + relevant.length);
      }
      done += events.length;
      lastEventAt = events[events.length - 1]!.recordedAt;
    };

    // 1. Bulk: read the next page while the current one is folded and written.
    const writer = new CopyWriter(pool);
    const bulkContext = (projector: Projector) => projectionContext(client, projector, REBUILD_SUFFIX);
    const replays = projectors.map((projector) => {
      const context = bulkContext(projector);
      if (!projector.bulkReplay) {
        return {
          add: async (events: RecordedEvent[]) => {
            await writer.flush();
            await inTransaction(client, () => projector.apply(events, context));
          },
          finish: async () => undefined,
        } satisfies BulkReplay;
      }
      const sink: BulkSink = {
        context,
        limits,
        copy: async (sets) => {
          for (const set of sets) await writer.add(context.table(set.rows.table), set);
        },
        flush: () => writer.flush(),
      };
      return projector.bulkReplay(sink);
    });
    // A page may hold none of our events and still move on (EventStoreDB passing system events):
    // the replay ends when the store says nothing more is readable, not at the first empty page.
    let page = eventStore.readAll({ after, limit: batchSize });
    for (;;) {
      const current = await page;
      if (current.events.length === 0 && !current.hasMore) break;
      after = current.lastPosition ?? after;
      page = eventStore.readAll({ after, limit: batchSize });
      if (current.events.length === 0) continue;
      done += current.events.length;
      for (const [index, projector] of projectors.entries()) {
        const relevant = handledEvents(projector, current.events);
        if (relevant.length > 0) await replays[index]!.add(relevant, done);
        applied.set(projector.name, applied.get(projector.name)! + relevant.length);
      }
      lastEventAt = current.events[current.events.length - 1]!.recordedAt;
      await progress();
      if (!current.hasMore) break;
    }
    await page.catch(() => undefined);
    for (const replay of replays) await replay.finish();
    await writer.flush();
    const phases = { bulk: 0, indexes: 0, catchUp: 0, compare: 0, swap: 0 };
    let phaseStarted = started;
    const phaseEnds = (phase: keyof typeof phases) => {
      phases[phase] = (Date.now() - phaseStarted) / 1000;
      phaseStarted = Date.now();
    };
    phaseEnds('bulk');

    // 2. Secondary indexes, built once from the loaded rows.
    await onConnections(pool, 2, [
      ...deferredIndexes,
      ...projectors.flatMap((p) => p.tables.map((table) => `ANALYZE ${quoteIdentifier(table + REBUILD_SUFFIX)}`)),
    ]);

    phaseEnds('indexes');

    // 3. Catch up with what arrived meanwhile.
    const catchUp = async (until: GlobalPosition | null = null): Promise<void> => {
      for (;;) {
        const rest = await eventStore.readAll({ after, limit: batchSize });
        const events = until ? rest.events.filter((e) => comparePositions(e.position, until) <= 0) : rest.events;
        if (events.length > 0) {
          await inTransaction(client, () => applyToAll(events));
          after = events[events.length - 1]!.position;
        } else if (!until) after = rest.lastPosition ?? after;
        if (events.length < rest.events.length || !rest.hasMore) break;
      }
    };
    await catchUp();
    await progress();
    phaseEnds('catchUp');

    // 4. Compare with the live tables, outside any transaction that holds the read horizon.
    const comparisons = await compareWithLive(pool, client, projectors, () => after, catchUp);
    phaseEnds('compare');

    // 5. Swap: hold the checkpoint rows, apply the last events, swap, move the checkpoints.
    await inTransaction(client, async () => {
      await client.query('SELECT name FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name FOR UPDATE', [names]);
      for (;;) {
        const rest = await eventStore.readAll({ after, limit: batchSize });
        if (rest.events.length === 0 && !rest.hasMore) break;
        after = rest.lastPosition ?? after;
        if (rest.events.length > 0) await applyToAll(rest.events);
      }
      for (const [index, projector] of projectors.entries()) {
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
          [runIds[index], done, JSON.stringify(comparisons.get(projector.name))],
        );
      }
      await client.query(`UPDATE projection_dead_letters SET resolved_at = now() WHERE projector = ANY($1) AND resolved_at IS NULL`, [names]);
      // The rebuild applied every event, those of parked streams included: nothing waits any more.
      await client.query(`DELETE FROM projection_parked_streams WHERE projector = ANY($1)`, [names]);
    });
    phaseEnds('swap');
    const seconds = (Date.now() - started) / 1000;
    return projectors.map((p) => ({
      projector: p.name,
      events: done,
      applied: applied.get(p.name)!,
      seconds,
      position: after,
      comparison: comparisons.get(p.name)!,
      phases,
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

/** Runs independent statements over a few pooled connections at once (index builds: one per core). */
async function onConnections(pool: Pool, connections: number, statements: readonly string[]): Promise<void> {
  const queue = [...statements];
  await Promise.all(
    Array.from({ length: connections }, async () => {
      const worker = await pool.connect();
      let broken: Error | undefined;
      try {
        await worker.query(`SET maintenance_work_mem = '256MB'`);
        for (let next = queue.shift(); next !== undefined; next = queue.shift()) await worker.query(next);
        await worker.query('RESET maintenance_work_mem');
      } catch (error) {
        broken = error as Error;
        throw error;
      } finally {
        worker.release(broken);
      }
    }),
  );
}

interface LiveCheckpoint {
  name: string;
  version: number;
  commit_position: string | null;
  prepare_position: string | null;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A rebuild can be set beside the live tables only where a live projector stands at the very
 * position the rebuild reached, written by the same version: then they must hold exactly the
 * same rows, and a difference means the projector is not a pure function of the events (or the
 * live tables were damaged); the operator sees it in the status. Live projectors are given a
 * moment to reach the rebuild's position (an idle one moves its checkpoint row within a second);
 * when new events move them past it, the rebuild catches up with them and tries again. The
 * digests are computed in a read-only snapshot: it takes no transaction id, so it holds back no
 * reader of the global order, however long it runs.
 */
async function compareWithLive(
  pool: Pool,
  client: PoolClient,
  projectors: readonly Projector[],
  position: () => GlobalPosition | null,
  catchUp: (until: GlobalPosition) => Promise<void>,
): Promise<Map<string, RebuildComparison>> {
  const names = projectors.map((p) => p.name);
  const read = async () =>
    (
      await client.query<LiveCheckpoint>(
        'SELECT name, version, commit_position, prepare_position FROM projection_checkpoints WHERE name = ANY($1) ORDER BY name',
        [names],
      )
    ).rows;
  const at = (c: LiveCheckpoint): GlobalPosition | null =>
    c.commit_position === null ? null : { commit: BigInt(c.commit_position), prepare: BigInt(c.prepare_position ?? '0') };
  const relation = (c: LiveCheckpoint): number => {
    const mine = position();
    const theirs = at(c);
    if (!theirs || !mine) return theirs === mine ? 0 : theirs ? 1 : -1;
    return comparePositions(theirs, mine);
  };
  const deadline = Date.now() + 3000;
  for (let rounds = 0; rounds < 5 && Date.now() < deadline; rounds++) {
    const live = await read();
    const ahead = live.filter((c) => relation(c) > 0).map(at);
    if (ahead.length > 0) {
      // New events reached the live tables: follow them (up to the furthest live projector).
      await catchUp(ahead.reduce((a, b) => (comparePositions(a!, b!) >= 0 ? a : b))!);
      continue;
    }
    if (live.every((c) => relation(c) === 0 || c.version !== projectors.find((p) => p.name === c.name)!.version)) break;
    await sleep(100);
  }
  const result = new Map<string, RebuildComparison>();
  await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
  // A second connection sees the same snapshot and computes half the digests.
  const helper = await pool.connect();
  let helperBroken: Error | undefined;
  try {
    const { rows: exported } = await client.query<{ id: string }>('SELECT pg_export_snapshot() AS id');
    await helper.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await helper.query(`SET TRANSACTION SNAPSHOT '${exported[0]!.id}'`);
    const live = await read();
    const [commit, prepare] = positionParams(position());
    for (const projector of projectors) {
      const c = live.find((l) => l.name === projector.name);
      if (!c) result.set(projector.name, { compared: false, reason: 'the projector had no live tables yet' });
      else if (c.version !== projector.version)
        result.set(projector.name, {
          compared: false,
          reason: `the live tables were written by version ${c.version}, the rebuild by version ${projector.version}`,
        });
      else if (relation(c) !== 0)
        result.set(projector.name, {
          compared: false,
          reason: `the live projector stood at ${c.commit_position ?? 'the start'}/${c.prepare_position ?? '-'}, the rebuild at ${commit ?? 'the start'}/${prepare ?? '-'}`,
        });
      else {
        const tables = await compareTables([client, helper], projector.tables, REBUILD_SUFFIX);
        result.set(projector.name, { compared: true, equal: tables.every((t) => t.equal), position: `${commit ?? 0}/${prepare ?? 0}`, tables });
      }
    }
  } catch (error) {
    helperBroken = error as Error;
    throw error;
  } finally {
    await helper.query('COMMIT').catch(() => undefined);
    helper.release(helperBroken);
    await client.query('COMMIT');
  }
  return result;
}
