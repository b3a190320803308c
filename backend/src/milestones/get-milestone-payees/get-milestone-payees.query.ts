import { versionById } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { payeesView, type PayeeView } from '../milestone.view';

/** GET /api/milestone/{id}/payees: the payees of one version, with what each has been paid (spec §3 Payee). */
export class GetMilestonePayees extends Query<PayeeView[]> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestonePayees)
export class GetMilestonePayeesHandler implements IQueryHandler<GetMilestonePayees> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: GetMilestonePayees): Promise<PayeeView[]> {
    const ref = await this.access.requireMilestoneViewer(id, user);
    const state = await this.reads.one(ref.originalId);
    return payeesView(state, versionById(state, id)!, await this.reads.namesFor([state]));
  }
}
