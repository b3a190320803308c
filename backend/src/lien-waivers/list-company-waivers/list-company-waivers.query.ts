import { cardVersion, type CompanyWaiverView, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads } from '../../read-models';
import { LienWaiverDocuments } from '../lien-waiver-documents';
import { waiverViews } from '../waiver.views';

/**
 * GET /api/waivers: the lien waivers of the asking user's company across every project that pays
 * it, newest first, with the texts it may sign now. A subcontractor is no party to the project,
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
  ) {}

  async execute({ user }: ListCompanyWaivers): Promise<CompanyWaiverView[]> {
    const { rows } = await this.pool.query<{ original_id: number; service: string }>(
      `SELECT w.original_id, min(j.service) AS service FROM milestone_waivers w JOIN jobs j USING (job_id)
        WHERE w.company_id = $1 GROUP BY w.original_id ORDER BY max(w.due_since) DESC LIMIT 200`,
      [user.companyId],
    );
    const services = new Map(rows.map((r) => [r.original_id, r.service]));
    const states = await this.reads.many(rows.map((r) => r.original_id));
    const names = await this.reads.namesFor(states);
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
            service: services.get(state.originalId) ?? '',
          }));
      }),
    );
    return lists.flat().sort((a, b) => Number(b.can_sign) - Number(a.can_sign) || b.due_since.localeCompare(a.due_since));
  }
}
