import type { ChainCheckState, ChainCheckView, EventStore, StoredFilesCheckView } from '@escrow/domain';
import type { Pool } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { pagesToEnd } from '../runner/copy-events';
import { type ChainBreak, ChainWalk } from './chain-walk';
import { type StoredFileChecker, StoredFilesCheck } from './stored-files';

export interface ChainCheckProgress {
  checked: number;
  /** Events in the store when the check began; null when it cannot count them (EventStoreDB). */
  total: number | null;
  eventsPerSecond: number;
}

export interface ChainCheckResult {
  /** Every chain intact and, when files were checked, every file the events record intact. */
  ok: boolean;
  events: number;
  streams: number;
  brokenEvents: number;
  /** The first breaks in the global order (at most 20); the first one is where to look. */
  breaks: ChainBreak[];
  /** The files the AttachmentAdded events record; null when no file store was given. */
  files: StoredFilesCheckView | null;
  seconds: number;
}

export interface ChainCheckOptions {
  onProgress?: (progress: ChainCheckProgress) => void;
  signal?: AbortSignal;
  batchSize?: number;
  /** Also read every file the events record from this store, and name each one missing or changed. */
  files?: StoredFileChecker;
}

/**
 * One pass over the global order of a store as it is stored (not upcast: the hashes cover the
 * stored shapes), checking every stream's chain on the way (ChainWalk) and, given the file
 * store, the files each page's AttachmentAdded events record (StoredFilesCheck) before the
 * next page is read.
 */
export async function verifyEventChains(store: EventStore, options: ChainCheckOptions = {}): Promise<ChainCheckResult> {
  const started = Date.now();
  const total = await store.countAfter(null);
  const walk = new ChainWalk();
  const files = options.files ? new StoredFilesCheck(options.files) : null;
  for await (const page of pagesToEnd(store, null, options.batchSize ?? 2000)) {
    if (options.signal?.aborted) throw new Error('the chain check was stopped');
    for (const event of page.events) {
      walk.add(event);
      files?.add(event);
    }
    await files?.settled();
    const seconds = Math.max((Date.now() - started) / 1000, 0.001);
    options.onProgress?.({ checked: walk.events, total, eventsPerSecond: Math.round(walk.events / seconds) });
  }
  return {
    ok: walk.ok && (files?.ok ?? true),
    events: walk.events,
    streams: walk.streams,
    brokenEvents: walk.brokenEvents,
    breaks: walk.breaks,
    files: files?.result() ?? null,
    seconds: (Date.now() - started) / 1000,
  };
}

/** A check as the Operations page and `projections verify` record it. */
export type ChainCheckRecord = ChainCheckView;

interface CheckRow {
  id: string;
  origin: 'cli' | 'api';
  state: ChainCheckState;
  checked: string;
  total: string | null;
  streams: number | null;
  broken_events: string | null;
  breaks: ChainBreak[] | null;
  files: StoredFilesCheckView | null;
  error: string | null;
  started_at: Date;
  finished_at: Date | null;
  stale: boolean;
}

const toRecord = (r: CheckRow): ChainCheckRecord => ({
  id: Number(r.id),
  origin: r.origin,
  state: r.state,
  checked: Number(r.checked),
  total: r.total === null ? null : Number(r.total),
  streams: r.streams,
  brokenEvents: r.broken_events === null ? null : Number(r.broken_events),
  breaks: r.breaks ?? [],
  files: r.files,
  error: r.error,
  startedAt: r.started_at.toISOString(),
  finishedAt: r.finished_at?.toISOString() ?? null,
  stale: r.stale,
});

const PROGRESS_EVERY_MS = 500;

/**
 * Chain checks with their progress kept in `event_chain_checks`, so every API process (and the
 * Operations page behind any of them) sees a check that the CLI or another process runs.
 */
export class ChainChecks {
  constructor(private readonly pool: Pool) {}

  /** The newest checks, newest first. */
  async recent(limit = 5): Promise<ChainCheckRecord[]> {
    const { rows } = await this.pool.query<CheckRow>(
      `SELECT *, state = 'running' AND heartbeat_at < now() - interval '1 minute' AS stale FROM event_chain_checks ORDER BY id DESC LIMIT $1`,
      [limit],
    );
    return rows.map(toRecord);
  }

  /** A check that is running now (its heartbeat is fresh), wherever it runs. */
  async running(): Promise<ChainCheckRecord | null> {
    const { rows } = await this.pool.query<CheckRow>(
      `SELECT *, false AS stale FROM event_chain_checks WHERE state = 'running' AND heartbeat_at >= now() - interval '1 minute' ORDER BY id DESC LIMIT 1`,
    );
    return rows[0] ? toRecord(rows[0]) : null;
  }

  /** Records a check as it starts; `run` then walks the store. */
  async begin(origin: 'cli' | 'api'): Promise<number> {
    const { rows } = await this.pool.query<{ id: string }>(`INSERT INTO event_chain_checks (origin, state) VALUES ($1, 'running') RETURNING id`, [origin]);
    return Number(rows[0]!.id);
  }

  async run(id: number, store: EventStore, options: ChainCheckOptions = {}): Promise<ChainCheckResult> {
    let lastWrite = 0;
    let writing: Promise<unknown> = Promise.resolve();
    try {
      const result = await verifyEventChains(store, {
        ...options,
        onProgress: (progress) => {
          options.onProgress?.(progress);
          if (Date.now() - lastWrite < PROGRESS_EVERY_MS) return;
          lastWrite = Date.now();
          writing = this.pool
            .query(`UPDATE event_chain_checks SET checked = $2, total = $3, heartbeat_at = now() WHERE id = $1`, [id, progress.checked, progress.total])
            .catch(() => undefined);
        },
      });
      await writing;
      await this.pool.query(
        `UPDATE event_chain_checks SET state = $2, checked = $3, streams = $4, broken_events = $5, breaks = $6::jsonb, files = $7::jsonb,
                finished_at = now(), heartbeat_at = now()
          WHERE id = $1`,
        [id, result.ok ? 'passed' : 'broken', result.events, result.streams, result.brokenEvents, JSON.stringify(result.breaks), JSON.stringify(result.files)],
      );
      return result;
    } catch (error) {
      await writing;
      await this.pool
        .query(`UPDATE event_chain_checks SET state = 'failed', error = $2, finished_at = now() WHERE id = $1`, [id, (error as Error).message])
        .catch(() => undefined);
      throw error;
    }
  }
}

/** The record of chain checks (`projections verify`, the Operations page). */
export class CreateEventChainChecks1763800300100 implements MigrationInterface {
  name = 'CreateEventChainChecks1763800300100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE event_chain_checks (
        id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
        origin        text        NOT NULL CHECK (origin IN ('cli', 'api')),
        state         text        NOT NULL CHECK (state IN ('running', 'passed', 'broken', 'failed')),
        checked       bigint      NOT NULL DEFAULT 0,
        total         bigint      NULL,
        streams       integer     NULL,
        broken_events bigint      NULL,
        breaks        jsonb       NULL,
        error         text        NULL,
        started_at    timestamptz NOT NULL DEFAULT now(),
        heartbeat_at  timestamptz NOT NULL DEFAULT now(),
        finished_at   timestamptz NULL
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE event_chain_checks');
  }
}

/** What a chain check found of the stored files (issue 27: the files are part of the proof). */
export class EventChainChecksHoldFiles1763800700000 implements MigrationInterface {
  name = 'EventChainChecksHoldFiles1763800700000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_chain_checks ADD COLUMN files jsonb NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE event_chain_checks DROP COLUMN files`);
  }
}
