import { type GlobalPosition, parsePosition } from '@escrow/domain';
import type { Pool } from 'pg';

/** Without events that concern the follower, its checkpoint is written at most this often (reading them again after a crash writes nothing twice). */
const IDLE_CHECKPOINT_MS = 1000;

/** The one-row position tables of the workers that follow the global order outside the projection runner. */
export type FollowerCheckpointTable = 'webhook_checkpoint' | 'bank_account_security_log_checkpoint';

/**
 * Where a single-active follower of the global order (the webhook fan-out, the bank-account
 * security log) has got to: one row, written in the transaction of the rows a batch produced, so
 * a crash neither loses nor repeats them; batches that produce nothing move it at most once a
 * second instead of a transaction per command.
 */
export class FollowerCheckpoint {
  private writtenAt = 0;

  constructor(
    private readonly pool: Pool,
    private readonly table: FollowerCheckpointTable,
  ) {}

  /** The position written last (null: from the start); undefined when the follower never wrote one. */
  async read(): Promise<GlobalPosition | null | undefined> {
    const { rows } = await this.pool.query<{ position: string | null }>(
      `SELECT commit_position::text || '/' || prepare_position::text AS position FROM ${this.table}`,
    );
    return rows[0] ? parsePosition(rows[0].position) : undefined;
  }

  /** Writes the position, in the caller's transaction when a client is given. */
  async write(position: GlobalPosition | null, client: Pick<Pool, 'query'> = this.pool): Promise<void> {
    await client.query(
      `INSERT INTO ${this.table} (id, commit_position, prepare_position) VALUES (true, $1, $2)
       ON CONFLICT (id) DO UPDATE SET commit_position = excluded.commit_position, prepare_position = excluded.prepare_position, updated_at = now()`,
      [position?.commit.toString() ?? null, position?.prepare.toString() ?? null],
    );
    this.writtenAt = Date.now();
  }

  /** A batch that produced nothing passed `position`: written when the last write is older than a second. */
  async passed(position: GlobalPosition): Promise<void> {
    if (Date.now() - this.writtenAt > IDLE_CHECKPOINT_MS) await this.write(position);
  }
}
