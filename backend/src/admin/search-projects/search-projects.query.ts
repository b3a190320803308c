import type { ProjectSummary } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { ProjectSummaries } from '../../projects';
import { ProjectSearch } from '../project-search';

/** GET /api/admin/projects: the newest projects whose service, buyer or seller contains the text, or whose id it is; every project without one. */
export class SearchAdminProjects extends Query<ProjectSummary[]> {
  constructor(readonly search: string | null) {
    super();
  }
}

@QueryHandler(SearchAdminProjects)
export class SearchAdminProjectsHandler implements IQueryHandler<SearchAdminProjects> {
  constructor(
    private readonly summaries: ProjectSummaries,
    private readonly projectSearch: ProjectSearch,
  ) {}

  async execute({ search }: SearchAdminProjects): Promise<ProjectSummary[]> {
    return this.summaries.summaries(await this.projectSearch.ids(search), () => 'admin');
  }
}
