import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type MilestoneView, milestoneView } from '../milestone.view';

/** GET /api/job/{id}/milestones: every milestone of the project as its card shows it (spec §3). */
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
    // Both at once (two round trips on the way, not three); the states are dropped unread when access is refused.
    const [{ viewer }, states] = await Promise.all([this.access.requireViewer(id, user), this.reads.ofJob(id)]);
    const names = await this.reads.namesFor(states);
    return states.map((s) => milestoneView(s, viewer, user.userId, names));
  }
}
