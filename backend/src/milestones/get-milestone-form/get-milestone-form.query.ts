import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { DirectoryService } from '../../directory';
import type { SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';

export interface PayeeOption {
  jc_id: number;
  company_id: number;
  name: string;
}

/** GET /api/milestones/form/job/{id}: who can be paid from a milestone of this project, its seller company first. */
export class GetMilestoneForm extends Query<{ job_id: number; primary: PayeeOption | null; subs: PayeeOption[] }> {
  constructor(
    readonly user: SessionUser,
    readonly id: number,
  ) {
    super();
  }
}

@QueryHandler(GetMilestoneForm)
export class GetMilestoneFormHandler implements IQueryHandler<GetMilestoneForm> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly directory: DirectoryService,
  ) {}

  async execute({ user, id }: GetMilestoneForm) {
    const { job: project } = await this.access.requireViewer(id, user);
    const companies = await this.directory.allCompanies();
    const option = (c: { company_id: number; name: string }): PayeeOption => ({ jc_id: c.company_id, company_id: c.company_id, name: c.name });
    const primary = companies.find((c) => c.company_id === project.primary_company_id) ?? null;
    return {
      job_id: project.job_id,
      primary: primary ? option(primary) : null,
      subs: companies.filter((c) => c.company_id !== project.primary_company_id).map(option),
      // The project's terms of now: a proposal freezes them into its version, and the preview shows them.
      retainage_percent: project.retainage_percent,
      site_state: project.site_state,
    };
  }
}
