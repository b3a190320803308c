import { PROPOSAL_WAITING, type RetainageDisputeRow, type RetainageProposal } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { DirectoryService } from '../../directory';
import { PG_POOL } from '../../infrastructure/database/database.tokens';

/** GET /api/admin/retainage-disputes: the open retainage disputes of milestone and progress-billed projects, oldest first (the admin resolves each on the project's Retainage tab). */
export class ListRetainageDisputes extends Query<RetainageDisputeRow[]> {}

@QueryHandler(ListRetainageDisputes)
export class ListRetainageDisputesHandler implements IQueryHandler<ListRetainageDisputes> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly directory: DirectoryService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(): Promise<RetainageDisputeRow[]> {
    const { rows } = await this.pool.query<{
      job_id: number;
      service: string;
      customer_id: number;
      company_id: number | null;
      held: string;
      dispute: { party: 'customer' | 'company'; by: number; statement: string; at: string; proposal?: RetainageProposal | null };
    }>(
      // A progress-billed project's dispute is on its billing stream, in the same shape (and its retainage in the same ledger account).
      `SELECT job_id, service, customer_id, company_id, dispute, held FROM (
         SELECT j.job_id, j.service, j.customer_id, j.primary_company_id AS company_id,
                CASE WHEN jsonb_typeof(j.state->'retainage'->'dispute') = 'object' THEN j.state->'retainage'->'dispute' ELSE b.state->'retainageDispute' END AS dispute,
                coalesce((SELECT sum(amount) FROM ledger_entries l WHERE l.job_id = j.job_id AND l.account = 'retainage'), 0)::numeric(20,2)::text AS held
           FROM jobs j LEFT JOIN billing_schedules b ON b.job_id = j.job_id
          WHERE jsonb_typeof(j.state->'retainage'->'dispute') = 'object' OR jsonb_typeof(b.state->'retainageDispute') = 'object') d
        ORDER BY dispute->>'at', job_id`,
    );
    const { people, companies } = await this.directory.names(
      new Set(rows.flatMap((r) => [r.customer_id, r.dispute.by, ...(r.dispute.proposal ? [r.dispute.proposal.by] : [])])),
      new Set(rows.flatMap((r) => (r.company_id === null ? [] : [r.company_id]))),
    );
    return rows.map((r) => ({
      job_id: r.job_id,
      service: r.service,
      buyer: people.get(r.customer_id)?.displayName ?? null,
      seller: r.company_id === null ? null : (companies.get(r.company_id) ?? null),
      held: r.held,
      opened_by_party: r.dispute.party === 'customer' ? 'buyer' : 'seller',
      opened_by: people.get(r.dispute.by)?.displayName ?? null,
      statement: r.dispute.statement,
      opened_at: r.dispute.at,
      proposal: r.dispute.proposal
        ? {
            proposal_id: r.dispute.proposal.proposalId,
            proposed_by: people.get(r.dispute.proposal.by)?.displayName ?? null,
            proposed_by_id: r.dispute.proposal.by,
            resolution: r.dispute.proposal.resolution,
            amount: r.dispute.proposal.amount,
            note: r.dispute.proposal.note,
            proposed_at: r.dispute.proposal.at,
            message: PROPOSAL_WAITING,
          }
        : null,
      four_eyes_above: this.config.fourEyesAbove,
    }));
  }
}
