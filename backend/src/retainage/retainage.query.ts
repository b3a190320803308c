import type { RetainageView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import { MilestoneReads, ProjectAccess } from '../read-models';
import { retainageView } from './retainage.view';

/** GET /api/job/{id}/retainage: the project's retainage and its release; every retainage command answers it. */
export class GetRetainage extends Query<RetainageView> {
  constructor(
    readonly user: SessionUser,
    readonly jobId: number,
  ) {
    super();
  }
}

@QueryHandler(GetRetainage)
export class GetRetainageHandler implements IQueryHandler<GetRetainage> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute({ user, jobId }: GetRetainage): Promise<RetainageView> {
    const { viewer } = await this.access.requireViewer(jobId, user);
    const [project, states] = await Promise.all([this.reads.project(jobId), this.reads.ofJob(jobId)]);
    const people = [project.retainage.request?.by, project.retainage.dispute?.by].filter((id): id is number => typeof id === 'number');
    return retainageView(project, states, viewer, await this.reads.namesFor(states, people));
  }
}
