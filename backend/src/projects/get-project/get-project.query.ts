import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';
import { ProjectSummaries, type ProjectSummary } from '../project-summaries';

/** GET /api/job/{id}: one project's header and money totals, for a party or an admin. */
export class GetProject extends Query<ProjectSummary> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(GetProject)
export class GetProjectHandler implements IQueryHandler<GetProject> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly summaries: ProjectSummaries,
  ) {}

  async execute({ user, projectId: projectId }: GetProject): Promise<ProjectSummary> {
    const { viewer } = await this.access.requireViewer(projectId, user);
    const [summary] = await this.summaries.summaries([projectId], () => viewer);
    return summary!;
  }
}
