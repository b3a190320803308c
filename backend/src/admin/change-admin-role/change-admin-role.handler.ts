import {
  type AdministratorCommand,
  type AdministratorEvent,
  administratorsNow,
  type AdministratorsState,
  administratorsStreamId,
  type AdminRole,
  type AdminRoleView,
  decideAdministrators,
  evolveAdministrators,
  initialAdministratorsState,
} from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { type EventStream, EventStreams, metadataOf } from '../../command-side';
import { SessionsService } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { ChangeAdminRole } from './change-admin-role.command';

/** The one `administrators` stream: every role change since roles exist. */
const administratorsStream: EventStream<AdministratorsState, AdministratorCommand, AdministratorEvent> = {
  streamId: administratorsStreamId,
  initialState: initialAdministratorsState,
  evolve: evolveAdministrators,
  decide: decideAdministrators,
};

/**
 * The role change is decided on the stream (the record of who may act); the users table, which
 * the access guard reads on every request, then follows the stream. It is written from the
 * stream as it is after an advisory lock, so of two changes at once the later state wins, and a
 * crash between the append and the update is repaired by the next change.
 */
@CommandHandler(ChangeAdminRole)
export class ChangeAdminRoleHandler implements ICommandHandler<ChangeAdminRole> {
  constructor(
    private readonly streams: EventStreams,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionsService,
  ) {}

  async execute(c: ChangeAdminRole): Promise<AdminRoleView> {
    const { rows: admins } = await this.pool.query<{ user_id: number; admin_role: AdminRole }>(
      `SELECT user_id, admin_role FROM users WHERE role = 'admin' AND deleted_at IS NULL`,
    );
    const { rows: target } = await this.pool.query<{ company_id: number | null }>('SELECT company_id FROM users WHERE user_id = $1 AND deleted_at IS NULL', [
      c.userId,
    ]);
    await this.streams.decide(administratorsStream, 0, {
      type: 'ChangeAdminRole',
      data: {
        userId: c.userId,
        role: c.role,
        sessionId: c.sessionId,
        directory: {
          administrators: Object.fromEntries(admins.map((a) => [a.user_id, a.admin_role])),
          target: { exists: target.length > 0, companyUser: target[0]?.company_id != null },
        },
      },
      metadata: metadataOf(c.owner),
    });
    const changed = await this.applyToUsers();
    // A role is proved to nobody's cookie (issue 35): a person whose role another administrator
    // changed logs in again, so no copy of their cookie keeps or gains it; an owner changing
    // their own goes on under a new cookie, and their other sessions end.
    for (const userId of changed) {
      if (userId !== c.owner.userId) await this.sessions.revokeAll(userId);
      else {
        await this.sessions.revokeOthers(userId, c.owner.sessionId ?? 0);
        await this.sessions.rotate(c.owner);
      }
    }
    const role = administratorsNow(await this.streams.current(administratorsStream, 0), Object.fromEntries(admins.map((a) => [a.user_id, a.admin_role])));
    const adminRole = role.get(c.userId) ?? null;
    return { user_id: c.userId, role: adminRole ? 'admin' : null, admin_role: adminRole };
  }

  /** Writes every role the stream holds into the users table; answers the users whose row changed. */
  private async applyToUsers(): Promise<number[]> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(`SELECT pg_advisory_xact_lock(hashtext('administrators'))`);
      const state = await this.streams.current(administratorsStream, 0);
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
}
