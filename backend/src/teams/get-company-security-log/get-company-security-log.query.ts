import type { CompanySecurityLogPage } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { SecurityLog } from '../../identity';

/**
 * GET /api/company/security-log: the company's security view for its owners (issue 37): its
 * membership changes and its members' logins and step-ups, newest first, optionally one member's.
 */
export class GetCompanySecurityLog extends Query<CompanySecurityLogPage> {
  constructor(
    readonly companyId: number,
    readonly userId: number | null,
    readonly page: number,
  ) {
    super();
  }
}

@QueryHandler(GetCompanySecurityLog)
export class GetCompanySecurityLogHandler implements IQueryHandler<GetCompanySecurityLog> {
  constructor(private readonly log: SecurityLog) {}

  execute({ companyId, userId, page }: GetCompanySecurityLog): Promise<CompanySecurityLogPage> {
    return this.log.companyPage(companyId, userId, page);
  }
}
