import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type DepositView, depositView } from '../milestone.view';

/** GET /api/milestone/{id}/deposits: the deposits of the milestone (spec §3 Deposit). */
export class GetMilestoneDeposits extends Query<DepositView[]> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneDeposits)
export class GetMilestoneDepositsHandler implements IQueryHandler<GetMilestoneDeposits> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: GetMilestoneDeposits): Promise<DepositView[]> {
    const ref = await this.access.requireMilestoneViewer(id, user);
    return (await this.reads.one(ref.originalId)).deposits.map(depositView);
  }
}
