import {
  type AdministratorCommand,
  type AdministratorEvent,
  type AdministratorsState,
  administratorsStreamId,
  type AdminRole,
  decideAdministrators,
  evolveAdministrators,
  initialAdministratorsState,
} from '@escrow/domain';
import type { Pool } from 'pg';

import type { EventStream, EventStreams } from '../command-side';

/** The one `administrators` stream: every role change since roles exist. */
export const administratorsStream: EventStream<AdministratorsState, AdministratorCommand, AdministratorEvent> = {
  streamId: administratorsStreamId,
  initialState: initialAdministratorsState,
  evolve: evolveAdministrators,
  decide: decideAdministrators,
};

/** Who is an administrator in the users table now, and with which role (the decider's `directory`). */
export async function administratorsInDirectory(pool: Pool): Promise<Record<number, AdminRole>> {
  const { rows } = await pool.query<{ user_id: number; admin_role: AdminRole }>(
    `SELECT user_id, admin_role FROM users WHERE role = 'admin' AND deleted_at IS NULL`,
  );
  return Object.fromEntries(rows.map((a) => [a.user_id, a.admin_role]));
}

/**
 * Writes every role the stream holds into the users table (which the access guard reads on
 * every request); answers the users whose row changed. Written from the stream as it is after an
 * advisory lock, so of two changes at once the later state wins, and a crash between an append
 * and this write is repaired by the next change.
 */
export async function writeRolesToUsers(pool: Pool, streams: EventStreams): Promise<number[]> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    await client.query(`SELECT pg_advisory_xact_lock(hashtext('administrators'))`);
    const state = await streams.current(administratorsStream, 0);
    const changed: number[] = [];
    for (const [id, role] of Object.entries(state.roles)) {
      const { rowCount } = await client.query(
        `UPDATE users SET role = CASE WHEN $2::text IS NULL THEN NULL ELSE 'admin' END, admin_role = $2
          WHERE user_id = $1 AND admin_role IS DISTINCT FROM $2`,
        [Number(id), role],
      );
      if (rowCount) changed.push(Number(id));
    }
    await client.query('COMMIT');
    return changed;
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    client.release();
  }
}
