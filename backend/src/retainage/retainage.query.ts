import { type ActiveBilling, billingOf, type BillingState, type RetainageView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MilestoneReads, ProjectAccess } from '../read-models';
import { billingProjectRetainageView } from './billing-retainage.view';
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
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ user, projectId: projectId }: GetRetainage): Promise<RetainageView> {
    const { viewer } = await this.access.requireViewer(projectId, user);
    const project = await this.reads.project(projectId);
    if (billingOf(project) === 'progress') {
      const { rows } = await this.pool.query<{ state: BillingState }>('SELECT state FROM billing_schedules WHERE job_id = $1', [projectId]);
      const billing = rows[0]?.state;
      if (billing?.status === 'active') return this.ofBilling(project, billing, viewer);
    }
    const states = await this.reads.ofJob(projectId);
    const people = [project.retainage.request?.by, project.retainage.dispute?.by].filter((id): id is number => typeof id === 'number');
    return retainageView(project, states, viewer, await this.reads.namesFor(states, people));
  }

  private async ofBilling(
    project: Parameters<typeof billingProjectRetainageView>[0],
    billing: ActiveBilling,
    viewer: Parameters<typeof billingProjectRetainageView>[2],
  ) {
    const people = [billing.retainageRequest?.by, billing.retainageDispute?.by].filter((id): id is number => typeof id === 'number');
    const payees = [...new Set(billing.lines.map((l) => l.payeeId))];
    return billingProjectRetainageView(project, billing, viewer, await this.reads.namesFor([], people, payees));
  }
}
