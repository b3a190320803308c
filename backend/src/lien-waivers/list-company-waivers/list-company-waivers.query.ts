import { cardVersion, type CompanyWaiverView, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads } from '../../read-models';
import { billingWaiverViews } from '../billing-waiver.views';
import { BillingWaiverDocuments } from '../billing-waiver-documents';
import { LienWaiverDocuments } from '../lien-waiver-documents';
import { waiverViews } from '../waiver.views';

/**
 * GET /api/waivers: the lien waivers of the asking user's company across every project that pays
 * it (milestone payments and progress-billed payouts), newest first, with the texts it may sign now. A subcontractor is no party to the project,
 * so this is where its users sign.
 */
export class ListCompanyWaivers extends Query<CompanyWaiverView[]> {
  constructor(readonly user: SessionUser) {
    super();
  }
}

@QueryHandler(ListCompanyWaivers)
export class ListCompanyWaiversHandler implements IQueryHandler<ListCompanyWaivers> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly reads: MilestoneReads,
    private readonly documents: LienWaiverDocuments,
    private readonly billingDocuments: BillingWaiverDocuments,
  ) {}

  async execute({ user }: ListCompanyWaivers): Promise<CompanyWaiverView[]> {
    const { rows } = await this.pool.query<{ original_id: number; service: string }>(
      `SELECT w.original_id, min(j.service) AS service FROM milestone_waivers w JOIN jobs j USING (job_id)
        WHERE w.company_id = $1 GROUP BY w.original_id ORDER BY max(w.due_since) DESC LIMIT 200`,
      [user.companyId],
    );
    const services = new Map(rows.map((r) => [r.original_id, r.service]));
    const states = await this.reads.many(rows.map((r) => r.original_id));
    const names = await this.reads.namesFor(states, [], user.companyId === null ? [] : [user.companyId]);
    const lists = await Promise.all(
      states.map(async (state) => {
        const card = cardVersion(state);
        const views = await waiverViews(state, user, names, this.documents);
        return views
          .filter((v) => v.company_id === user.companyId)
          .map((v) => ({
            ...v,
            job_id: state.jobId,
            m_id: card.versionId,
            milestone_title: card.title || WHOLE_PROJECT_MILESTONE,
            payout_id: null,
            service: services.get(state.originalId) ?? '',
          }));
      }),
    );
    // A progress-billed project's payouts exchange the same waivers.
    const billed = user.companyId === null ? [] : await this.billingDocuments.payingCompany(user.companyId);
    const billing = await Promise.all(billed.map(({ service, state }) => billingWaiverViews(state, service, user, names, this.billingDocuments)));
    return [...lists.flat(), ...billing.flat()].sort((a, b) => Number(b.can_sign) - Number(a.can_sign) || b.due_since.localeCompare(a.due_since));
  }
}
