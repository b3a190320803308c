import type { GlobalPosition } from '@escrow/domain';
import type { Pool, PoolClient } from 'pg';

type ProjectorState = 'running' | 'stopped' | 'rebuilding';

export interface Checkpoint {
  name: string;
  version: number;
  position: GlobalPosition | null;
  state: ProjectorState;
  eventsApplied: number;
  lastEventAt: Date | null;
  error: string | null;
  failedEventId: string | null;
  updatedAt: Date;
}

interface CheckpointRow {
  name: string;
  version: number;
  commit_position: string | null;
  prepare_position: string | null;
  state: ProjectorState;
  events_applied: number | string;
  last_event_at: Date | null;
  error: string | null;
  failed_event_id: string | null;
  updated_at: Date;
}

type Queryable = Pick<Pool, 'query'> | PoolClient;

function toCheckpoint(row: CheckpointRow): Checkpoint {
  return {
    name: row.name,
    version: row.version,
    position: row.commit_position === null ? null : { commit: BigInt(row.commit_position), prepare: BigInt(row.prepare_position!) },
    state: row.state,
    eventsApplied: Number(row.events_applied),
    lastEventAt: row.last_event_at,
    error: row.error,
    failedEventId: row.failed_event_id,
    updatedAt: row.updated_at,
  };
}

export function positionParams(position: GlobalPosition | null): [string | null, string | null] {
  return position ? [position.commit.toString(), position.prepare.toString()] : [null, null];
}

export function samePosition(a: GlobalPosition | null, b: GlobalPosition | null): boolean {
  if (a === null || b === null) return a === b;
  return a.commit === b.commit && a.prepare === b.prepare;
}

/** Creates the row of a projector seen for the first time; an existing row is left alone. */
export async function ensureCheckpoint(db: Queryable, name: string, version: number): Promise<Checkpoint> {
  await db.query(`INSERT INTO projection_checkpoints (name, version) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`, [name, version]);
  return (await readCheckpoint(db, name))!;
}

export async function readCheckpoint(db: Queryable, name: string, forUpdate = false): Promise<Checkpoint | null> {
  const { rows } = await db.query<CheckpointRow>({
    name: forUpdate ? 'escrow_checkpoint_claim' : 'escrow_checkpoint_read',
    text: `SELECT * FROM projection_checkpoints WHERE name = $1${forUpdate ? ' FOR UPDATE' : ''}`,
    values: [name],
  });
  return rows[0] ? toCheckpoint(rows[0]) : null;
}

/**
 * Locks a projector's checkpoint row (FOR UPDATE) and reads, in the same round trip, the streams
 * it has parked: what every batch of a live projector starts with.
 */
export async function claimCheckpoint(db: Queryable, name: string): Promise<{ checkpoint: Checkpoint | null; parked: Set<string> }> {
  const { rows } = await db.query<CheckpointRow & { parked: string[] }>({
    name: 'escrow_checkpoint_claim_with_parked',
    text: `SELECT c.*, ARRAY(SELECT p.stream_id FROM projection_parked_streams p WHERE p.projector = c.name) AS parked
             FROM projection_checkpoints c WHERE c.name = $1 FOR UPDATE OF c`,
    values: [name],
  });
  return { checkpoint: rows[0] ? toCheckpoint(rows[0]) : null, parked: new Set(rows[0]?.parked ?? []) };
}

export async function readAllCheckpoints(db: Queryable): Promise<Checkpoint[]> {
  const { rows } = await db.query<CheckpointRow>('SELECT * FROM projection_checkpoints ORDER BY name');
  return rows.map(toCheckpoint);
}

export async function advanceCheckpoint(db: Queryable, name: string, position: GlobalPosition, applied: number, lastEventAt: Date): Promise<void> {
  await db.query({
    name: 'escrow_checkpoint_advance',
    text: `UPDATE projection_checkpoints
              SET commit_position = $2, prepare_position = $3, events_applied = events_applied + $4,
                  last_event_at = $5, updated_at = now()
            WHERE name = $1`,
    values: [name, ...positionParams(position), applied, lastEventAt],
  });
}

export async function markStopped(db: Queryable, name: string, error: string, failedEventId: string | null): Promise<void> {
  await db.query(`UPDATE projection_checkpoints SET state = 'stopped', error = $2, failed_event_id = $3, updated_at = now() WHERE name = $1`, [
    name,
    error,
    failedEventId,
  ]);
}

/**
 * After a fix is deployed: clears a stopped projector's failure so it retries the event that
 * stopped it. Its dead letters count as handled: if the event fails again, it is recorded again.
 */
export async function resumeProjector(db: Queryable, name: string): Promise<boolean> {
  const { rows } = await db.query<{ n: number }>(
    `WITH resumed AS (
       UPDATE projection_checkpoints SET state = 'running', error = NULL, failed_event_id = NULL, updated_at = now()
        WHERE name = $1 AND state = 'stopped' RETURNING name),
     handled AS (
       UPDATE projection_dead_letters SET resolved_at = now() WHERE projector IN (SELECT name FROM resumed) AND resolved_at IS NULL)
     SELECT count(*)::int AS n FROM resumed`,
    [name],
  );
  return rows[0]!.n > 0;
}
