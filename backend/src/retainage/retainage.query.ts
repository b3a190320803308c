import type { RetainageView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../identity';
import { MilestoneReads, ProjectAccess } from '../read-models';
import { retainageView } from './retainage.view';

/** GET /api/job/{id}/retainage: the project's retainage and its release; every retainage command answers it. */
export class GetRetainage extends Query<RetainageView> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
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

  async execute({ user, projectId: projectId }: GetRetainage): Promise<RetainageView> {
    const { viewer } = await this.access.requireViewer(projectId, user);
    const [project, states] = await Promise.all([this.reads.project(projectId), this.reads.ofJob(projectId)]);
    const people = [project.retainage.request?.by, project.retainage.dispute?.by].filter((id): id is number => typeof id === 'number');
    return retainageView(project, states, viewer, await this.reads.namesFor(states, people));
  }
}
