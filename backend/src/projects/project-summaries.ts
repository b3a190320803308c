import {
  type ActiveMilestone,
  type ActiveProject,
  formatAmount,
  money,
  nextAction,
  type ProjectSummary,
  retainageHeld,
  settledDeposits,
  sum,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { DirectoryService } from '../directory';
import type { SessionUser } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { milestoneOf, projectOf, type Viewer } from '../read-models';

interface JobStateRow {
  job_id: number;
  state: ActiveProject;
  is_draft: boolean;
  created_at: Date;
  updated_at: Date;
}

/** Project headers and money totals, from the jobs and milestones read models. */
@Injectable()
export class ProjectSummaries {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly directory: DirectoryService,
  ) {}

  async summaries(projectIds: number[], viewerOf: (p: ActiveProject) => Viewer | null): Promise<ProjectSummary[]> {
    if (projectIds.length === 0) return [];
    const [{ rows: jobs }, { rows: milestones }] = await Promise.all([
      this.pool.query<JobStateRow>(
        'SELECT job_id, state, is_draft, created_at, updated_at FROM jobs WHERE job_id = ANY($1::int[]) ORDER BY updated_at DESC, job_id DESC',
        [projectIds],
      ),
      this.pool.query<{ job_id: number; state: ActiveMilestone }>(
        'SELECT job_id, state FROM milestones WHERE job_id = ANY($1::int[]) ORDER BY position, original_id',
        [projectIds],
      ),
    ]);
    const byJob = new Map<number, ActiveMilestone[]>();
    for (const m of milestones) byJob.set(m.job_id, [...(byJob.get(m.job_id) ?? []), milestoneOf(m.state)]);
    const people = await this.directory.people(jobs.map((j) => j.state.customerId));
    const companies = await this.directory.companyNames(jobs.map((j) => j.state.primaryCompanyId).filter((c): c is number => c !== null));
    return jobs.map((project): ProjectSummary => {
      const p = projectOf(project.state);
      const viewer = viewerOf(p);
      const list = byJob.get(project.job_id) ?? [];
      const agreed = list.filter((m) => m.currentVersionId !== null);
      const currentTotal = (m: ActiveMilestone) => money(m.versions.find((v) => v.versionId === m.currentVersionId)!.terms.depositTotal);
      const settled = (m: ActiveMilestone) => settledDeposits(m);
      // Out of escrow: to payees (with the fees and the retainage withheld from them) and back to the buyer.
      const out = (m: ActiveMilestone) =>
        sum(m.disbursements.map((d) => money(d.amount).plus(d.fee).plus(d.retainage))).plus(sum(m.refunds.map((r) => money(r.amount))));
      const party = viewer === 'customer' || viewer === 'company' ? viewer : null;
      const actions = party ? list.map((m) => ({ m, action: nextAction(m, party) })).filter((a) => a.action) : [];
      const allClosed = list.length > 0 && list.every((m) => m.completedByBoth || (m.refunds.length > 0 && out(m).eq(settled(m))));
      return {
        job_id: project.job_id,
        service: p.service,
        customer_id: p.customerId,
        customer_name: people.get(p.customerId)?.displayName ?? null,
        primary_company_id: p.primaryCompanyId,
        primary_company_name: p.primaryCompanyId === null ? null : (companies.get(p.primaryCompanyId) ?? null),
        customerInitiated: p.customerInitiated,
        created_by: p.createdBy,
        is_draft: project.is_draft,
        your_role: viewer === 'customer' ? 'buyer' : viewer === 'company' ? 'seller' : viewer,
        // Retainage still held (or on its way) keeps the project active until it is released or refunded.
        status: project.is_draft ? 'Draft' : allClosed && sum(list.map(retainageHeld)).isZero() ? 'Complete' : 'Active',
        terms: p.terms,
        created_at: p.createdAt,
        submitted_at: p.submittedAt,
        updated_at: project.updated_at.toISOString(),
        signatures: { buyer: p.signatures.customer?.at ?? null, seller: p.signatures.company?.at ?? null },
        milestone_count: list.length,
        totals: {
          agreed: formatAmount(sum(agreed.map(currentTotal))),
          deposited: formatAmount(sum(list.map(settled))),
          held: formatAmount(sum(list.map((m) => settled(m).minus(out(m))))),
          released: formatAmount(
            sum([
              ...list.flatMap((m) => m.disbursements.filter((d) => d.status === 'paid').map((d) => money(d.amount))),
              ...list.flatMap((m) => m.retainageReleases.filter((r) => r.status === 'paid').map((r) => money(r.amount))),
            ]),
          ),
          retainage_held: formatAmount(sum(list.map(retainageHeld))),
          fees: formatAmount(sum(list.flatMap((m) => m.disbursements.map((d) => money(d.fee))))),
          refunded: formatAmount(
            sum([...list.flatMap((m) => m.refunds.map((r) => money(r.amount))), ...list.flatMap((m) => m.retainageRefunds.map((r) => money(r.amount)))]),
          ),
          to_fund: formatAmount(
            sum(
              agreed
                .filter((m) => m.refunds.length === 0)
                .map((m) => currentTotal(m).minus(settled(m)))
                .filter((d) => d.gt(0)),
            ),
          ),
        },
        next_action: actions[0]
          ? `${actions[0].action} (${actions[0].m.versions.find((v) => v.versionId === (actions[0]!.m.currentVersionId ?? actions[0]!.m.versions.at(-1)!.versionId))!.title || 'Whole Project Milestone'})`
          : null,
        waiting_on_you: actions.length,
        // Milestones waiting on each side (the admin dashboard's tiles list these projects).
        waiting_on: { buyer: list.filter((m) => nextAction(m, 'customer')).length, seller: list.filter((m) => nextAction(m, 'company')).length },
      };
    });
  }

  /**
   * Projects where the user is the buyer or their company is the seller; drafts only for the
   * user who started them (they resume or discard them), discarded drafts for nobody.
   */
  async jobIdsOf(user: SessionUser): Promise<number[]> {
    const { rows } = await this.pool.query<{ job_id: number }>(
      `SELECT job_id FROM jobs
        WHERE (customer_id = $1 OR ($2::int IS NOT NULL AND primary_company_id = $2))
          AND discarded_at IS NULL AND (NOT is_draft OR created_by = $1)
        ORDER BY updated_at DESC LIMIT 500`,
      [user.userId, user.companyId],
    );
    return rows.map((r) => r.job_id);
  }
}

/** One project as the portal lists it: the contract's ProjectSummary. */
export type { ProjectSummary };
