import type { PayApplicationListItem, PayApplicationView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { applicationOf, payApplicationList, payApplicationView } from '../billing.view';
import { BillingReads } from '../billing-reads';
import { PayeeNames } from '../payee-names';

/** GET /api/job/{id}/pay-applications: the project's pay applications, oldest first. */
export class ListPayApplications extends Query<PayApplicationListItem[]> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

/** GET /api/job/{id}/pay-applications/{number}: one, with its G703 columns and G702 summary. */
export class GetPayApplication extends Query<PayApplicationView> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
    readonly applicationNumber: number,
  ) {
    super();
  }
}

@QueryHandler(ListPayApplications)
export class ListPayApplicationsHandler implements IQueryHandler<ListPayApplications> {
  constructor(private readonly reads: BillingReads) {}

  async execute({ user, projectId }: ListPayApplications): Promise<PayApplicationListItem[]> {
    return payApplicationList((await this.reads.requireReader(projectId, user)).billing);
  }
}

@QueryHandler(GetPayApplication)
export class GetPayApplicationHandler implements IQueryHandler<GetPayApplication> {
  constructor(
    private readonly reads: BillingReads,
    private readonly names: PayeeNames,
  ) {}

  async execute({ user, projectId, applicationNumber }: GetPayApplication): Promise<PayApplicationView> {
    const { billing } = await this.reads.requireReader(projectId, user);
    return this.names.named(payApplicationView(projectId, applicationOf(billing, applicationNumber), billing.status === 'active' ? billing.payouts : []));
  }
}
