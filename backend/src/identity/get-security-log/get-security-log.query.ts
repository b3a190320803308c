import type { SecurityLogPage } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { SecurityLog } from '../security-log';
import type { SessionUser } from '../session-user';

/** GET /api/account/security-log: a page of the user's own security log, newest first. */
export class GetSecurityLog extends Query<SecurityLogPage> {
  constructor(
    readonly user: SessionUser,
    readonly page: number,
  ) {
    super();
  }
}

@QueryHandler(GetSecurityLog)
export class GetSecurityLogHandler implements IQueryHandler<GetSecurityLog> {
  constructor(private readonly log: SecurityLog) {}

  async execute({ user, page }: GetSecurityLog): Promise<SecurityLogPage> {
    // The user is the reader: whose log it is goes without saying.
    const { entries, ...rest } = await this.log.page({ userId: user.userId }, page);
    return { entries: entries.map(({ user_id: _u, user_name: _n, ...entry }) => entry), ...rest };
  }
}
