import { administratorsNow, type AdminRoleView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { EventStreams, metadataOf } from '../../command-side';
import { SessionsService } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { administratorsInDirectory, administratorsStream, writeRolesToUsers } from '../administrators-stream';
import { ChangeAdminRole } from './change-admin-role.command';

/**
 * The role change is decided on the stream (the record of who may act); the users table, which
 * the access guard reads on every request, then follows the stream (writeRolesToUsers).
 */
@CommandHandler(ChangeAdminRole)
export class ChangeAdminRoleHandler implements ICommandHandler<ChangeAdminRole> {
  constructor(
    private readonly streams: EventStreams,
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly sessions: SessionsService,
  ) {}

  async execute(c: ChangeAdminRole): Promise<AdminRoleView> {
    const administrators = await administratorsInDirectory(this.pool);
    const { rows: target } = await this.pool.query<{ company_id: number | null }>('SELECT company_id FROM users WHERE user_id = $1 AND deleted_at IS NULL', [
      c.userId,
    ]);
    await this.streams.decide(administratorsStream, 0, {
      type: 'ChangeAdminRole',
      data: {
        userId: c.userId,
        role: c.role,
        sessionId: c.sessionId,
        directory: { administrators, target: { exists: target.length > 0, companyUser: target[0]?.company_id != null } },
      },
      metadata: metadataOf(c.owner),
    });
    const changed = await writeRolesToUsers(this.pool, this.streams);
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
    const role = administratorsNow(await this.streams.current(administratorsStream, 0), administrators);
    const adminRole = role.get(c.userId) ?? null;
    return { user_id: c.userId, role: adminRole ? 'admin' : null, admin_role: adminRole };
  }
}
