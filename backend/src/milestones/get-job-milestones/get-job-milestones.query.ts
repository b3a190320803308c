import { retainageStep } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type MilestoneView, milestoneView } from '../milestone.view';

/** GET /api/job/{id}/milestones: every milestone of the project as its card shows it (docs/product.md#milestone-fields). */
export class GetJobMilestones extends Query<MilestoneView[]> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetJobMilestones)
export class GetJobMilestonesHandler implements IQueryHandler<GetJobMilestones> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, id }: GetJobMilestones): Promise<MilestoneView[]> {
    // All at once (two round trips on the way, not four); what was read is dropped unread when access is refused.
    const [{ viewer }, states, project] = await Promise.all([this.access.requireViewer(id, user), this.reads.ofJob(id), this.reads.project(id)]);
    // The cards name no payout account: that read is left out.
    const names = await this.reads.namesFor(states, [], [], null, { payouts: false });
    // Milestones that hold retainage wait on the project's release: their clocks say for whom.
    const step = retainageStep(project.retainage, states);
    return states.map((s) => milestoneView(s, viewer, user, names, step));
  }
}
