import type { LienWaiverView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { LienWaiverDocuments } from '../lien-waiver-documents';
import { waiverViews } from '../waiver.views';

/** GET /api/milestone/{id}/waivers: the lien waivers of a milestone's payments, for its parties, admins and its payees' users. */
export class GetMilestoneWaivers extends Query<LienWaiverView[]> {
  constructor(
    readonly user: SessionUser,
    readonly versionId: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneWaivers)
export class GetMilestoneWaiversHandler implements IQueryHandler<GetMilestoneWaivers> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly documents: LienWaiverDocuments,
  ) {}

  async execute({ user, versionId }: GetMilestoneWaivers): Promise<LienWaiverView[]> {
    const { originalId, viewer } = await this.access.requireMilestoneWaiverViewer(versionId, user);
    const state = await this.reads.one(originalId);
    const views = await waiverViews(state, user, await this.reads.namesFor([state]), this.documents);
    // A payee's users see their own company's waivers only.
    return viewer === 'payee' ? views.filter((v) => v.company_id === user.companyId) : views;
  }
}
