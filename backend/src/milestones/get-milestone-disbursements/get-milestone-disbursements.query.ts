import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type DisbursementView, disbursementView } from '../milestone.view';

/** GET /api/milestone/{id}/disbursements: what was released to each payee (matched by mp_id). */
export class GetMilestoneDisbursements extends Query<DisbursementView[]> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneDisbursements)
export class GetMilestoneDisbursementsHandler implements IQueryHandler<GetMilestoneDisbursements> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: GetMilestoneDisbursements): Promise<DisbursementView[]> {
    const ref = await this.access.requireMilestoneViewer(id, user);
    const state = await this.reads.one(ref.originalId);
    const names = await this.reads.namesFor([state]);
    return state.disbursements.map((d) => disbursementView(d, names));
  }
}
