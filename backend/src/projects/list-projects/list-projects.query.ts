import { projectPartyOf } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import type { SessionUser } from '../../identity';
import { ProjectSummaries, type ProjectSummary } from '../project-summaries';

/** GET /api/projects: the user's projects, as buyer or seller, with totals and what waits on them. */
export class ListProjects extends Query<ProjectSummary[]> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(ListProjects)
export class ListProjectsHandler implements IQueryHandler<ListProjects> {
  constructor(private readonly summaries: ProjectSummaries) {}

  async execute({ user }: ListProjects): Promise<ProjectSummary[]> {
    const projectIds = await this.summaries.jobIdsOf(user);
    return this.summaries.summaries(projectIds, (p) => projectPartyOf(p, metadataOf(user)));
  }
}
