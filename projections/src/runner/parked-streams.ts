import { comparePositions, type EventStore, type GlobalPosition, type ParkedStreamView, type RecordedEvent } from '@escrow/domain';
import type { Pool as PgPool, PoolClient } from 'pg';
import type { MigrationInterface, QueryRunner } from 'typeorm';

import { handledEvents, inTransaction, projectionContext, withClient } from './apply-batch';
import { readCheckpoint } from './checkpoints';
import type { Projector } from './projector';
import { isTransientDatabaseError } from './transient-errors';

/**
 * A stream a projector could not apply an event of: that stream's later events wait here (the
 * projector skips them) while every other stream keeps flowing; `resume` applies them after a fix.
 */
export class CreateParkedStreams1763800043000 implements MigrationInterface {
  name = 'CreateParkedStreams1763800043000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projection_parked_streams (
        projector        text        NOT NULL,
        stream_id        text        NOT NULL,
        event_id         uuid        NOT NULL,
        type             text        NOT NULL,
        commit_position  numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        error            text        NOT NULL,
        parked_at        timestamptz NOT NULL DEFAULT now(),
        retried_at       timestamptz NULL,
        PRIMARY KEY (projector, stream_id)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE projection_parked_streams');
  }
}

/** A parked stream, in the API contract's shape (the Operations page lists them). */
export type ParkedStream = ParkedStreamView;

type Queryable = Pick<PgPool, 'query'> | PoolClient;

/** The streams this projector skips, read inside its batch transaction (after the checkpoint claim). */
export async function listParkedStreams(db: Queryable, projector?: string): Promise<ParkedStream[]> {
  const { rows } = await db.query<{
    projector: string;
    stream_id: string;
    event_id: string;
    type: string;
    commit_position: string;
    prepare_position: string;
    error: string;
    parked_at: Date;
    retried_at: Date | null;
  }>(`SELECT * FROM projection_parked_streams WHERE $1::text IS NULL OR projector = $1 ORDER BY parked_at`, [projector ?? null]);
  return rows.map((r) => ({
    projector: r.projector,
    streamId: r.stream_id,
    eventId: r.event_id,
    type: r.type,
    position: `${r.commit_position}/${r.prepare_position}`,
    error: r.error,
    parkedAt: r.parked_at.toISOString(),
    retriedAt: r.retried_at?.toISOString() ?? null,
  }));
}

/** Parks the event's stream (and keeps the event as a dead letter for the operator). */
export async function parkStream(client: PoolClient, projector: string, event: RecordedEvent, error: Error): Promise<void> {
  const message = `${error.message} (event ${event.type} ${event.id} in ${event.streamId})`;
  await client.query(
    `INSERT INTO projection_parked_streams (projector, stream_id, event_id, type, commit_position, prepare_position, error)
     VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (projector, stream_id) DO NOTHING`,
    [projector, event.streamId, event.id, event.type, event.position.commit.toString(), event.position.prepare.toString(), message],
  );
  await client.query(`INSERT INTO projection_dead_letters (projector, event_id, stream_id, position, type, data, error) VALUES ($1, $2, $3, $4, $5, $6, $7)`, [
    projector,
    event.id,
    event.streamId,
    `${event.position.commit}/${event.position.prepare}`,
    event.type,
    JSON.stringify(event.data),
    error.stack ?? error.message,
  ]);
}

export interface ResumeResult {
  streamId: string;
  resumed: boolean;
  /** Events of the stream applied on resume. */
  applied: number;
  error: string | null;
}

/**
 * After a fix: applies each parked stream's waiting events (from the failed one up to where the
 * projector stands) in one transaction that holds the projector's checkpoint row, so its worker
 * waits meanwhile and then sees the stream unparked. A stream that fails again stays parked
 * with the new error.
 */
export async function resumeParkedStreams(pool: PgPool, eventStore: EventStore, projector: Projector, streamId?: string): Promise<ResumeResult[]> {
  const parked = (await listParkedStreams(pool, projector.name)).filter((p) => streamId === undefined || p.streamId === streamId);
  const results: ResumeResult[] = [];
  for (const stream of parked) {
    const [commit, prepare] = stream.position.split('/');
    const from: GlobalPosition = { commit: BigInt(commit!), prepare: BigInt(prepare!) };
    const history = await eventStore.readStream(stream.streamId);
    try {
      const applied = await withClient(
        pool,
        (client) =>
          inTransaction(client, async () => {
            const checkpoint = await readCheckpoint(client, projector.name, true);
            const upTo = checkpoint?.position ?? null;
            const waiting = handledEvents(
              projector,
              history.filter((e) => comparePositions(e.position, from) >= 0 && upTo !== null && comparePositions(e.position, upTo) <= 0),
            );
            if (waiting.length > 0) await projector.apply(waiting, projectionContext(client, projector, null));
            await client.query('DELETE FROM projection_parked_streams WHERE projector = $1 AND stream_id = $2', [projector.name, stream.streamId]);
            await client.query('UPDATE projection_dead_letters SET resolved_at = now() WHERE projector = $1 AND stream_id = $2 AND resolved_at IS NULL', [
              projector.name,
              stream.streamId,
            ]);
            return waiting.length;
          }),
        isTransientDatabaseError,
      );
      results.push({ streamId: stream.streamId, resumed: true, applied, error: null });
    } catch (error) {
      if (isTransientDatabaseError(error)) throw error;
      const message = (error as Error).message;
      await pool.query('UPDATE projection_parked_streams SET error = $3, retried_at = now() WHERE projector = $1 AND stream_id = $2', [
        projector.name,
        stream.streamId,
        message,
      ]);
      results.push({ streamId: stream.streamId, resumed: false, applied: 0, error: message });
    }
  }
  return results;
}
