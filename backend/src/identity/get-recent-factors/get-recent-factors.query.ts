import type { RecentFactors as RecentFactorsAnswer } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { RecentFactors } from '../recent-factors';
import type { SessionUser } from '../session-user';

/** GET /api/account/recent-factors: the second factors added in the last 30 days, newest first (issue 35). */
export class GetRecentFactors extends Query<RecentFactorsAnswer> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(GetRecentFactors)
export class GetRecentFactorsHandler implements IQueryHandler<GetRecentFactors> {
  constructor(private readonly recent: RecentFactors) {}

  async execute({ user }: GetRecentFactors): Promise<RecentFactorsAnswer> {
    return { factors: await this.recent.of(user.userId) };
  }
}
