import type { ProgressBillingView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { progressBillingView } from '../billing.view';
import { BillingReads } from '../billing-reads';
import { PayeeNames } from '../payee-names';

/** GET /api/job/{id}/schedule: how the project bills, its schedule of values, versions and change orders. */
export class GetSchedule extends Query<ProgressBillingView> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(GetSchedule)
export class GetScheduleHandler implements IQueryHandler<GetSchedule> {
  constructor(
    private readonly reads: BillingReads,
    private readonly names: PayeeNames,
  ) {}

  async execute({ user, projectId }: GetSchedule): Promise<ProgressBillingView> {
    const { viewer, method, billing } = await this.reads.requireReader(projectId, user);
    return this.names.named(progressBillingView(projectId, method, billing, viewer));
  }
}
