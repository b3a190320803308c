import { billingOf, type ProgressBillingView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { progressBillingView } from '../billing.view';
import { BillingCommands } from '../billing-commands';

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
  constructor(private readonly billing: BillingCommands) {}

  async execute({ user, projectId }: GetSchedule): Promise<ProgressBillingView> {
    const { viewer, billing, project } = await this.billing.requireReader(projectId, user);
    return progressBillingView(projectId, project.status === 'none' ? 'milestones' : billingOf(project), billing, viewer);
  }
}
