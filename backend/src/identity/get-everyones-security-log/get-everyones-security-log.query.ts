import type { AdminSecurityLogPage } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { SecurityLog } from '../security-log';

/** GET /api/admin/security-log: a page of everyone's security log, for administrators, by user and kind. */
export class GetEveryonesSecurityLog extends Query<AdminSecurityLogPage> {
  constructor(
    readonly userId: number | null,
    readonly kind: string | null,
    readonly page: number,
  ) {
    super();
  }
}

@QueryHandler(GetEveryonesSecurityLog)
export class GetEveryonesSecurityLogHandler implements IQueryHandler<GetEveryonesSecurityLog> {
  constructor(private readonly log: SecurityLog) {}

  execute({ userId, kind, page }: GetEveryonesSecurityLog): Promise<AdminSecurityLogPage> {
    return this.log.page({ userId, kind }, page);
  }
}
