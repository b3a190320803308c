import { type AdminDisputeRow, type OriginalId, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { milestoneView, proposalView } from '../../milestones';
import { MilestoneReads } from '../../read-models';

/** GET /api/admin/disputes: both sides' statements of every dispute (open, resolved or all). */
export class ListDisputes extends Query<AdminDisputeRow[]> {
  constructor(readonly status: 'open' | 'resolved' | undefined) {
    super();
  }
}

@QueryHandler(ListDisputes)
export class ListDisputesHandler implements IQueryHandler<ListDisputes> {
  constructor(
    private readonly reads: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ status }: ListDisputes): Promise<AdminDisputeRow[]> {
    const { rows } = await this.pool.query<{ original_id: OriginalId }>(
      `SELECT DISTINCT original_id, max(opened_at) AS opened FROM milestone_disputes WHERE ($1::text IS NULL OR status = $1) GROUP BY original_id ORDER BY opened DESC`,
      [status ?? null],
    );
    const states = await Promise.all(rows.map((r) => this.reads.one(r.original_id)));
    const names = await this.reads.namesFor(states);
    return states.flatMap((state) =>
      state.disputes
        .filter((d) => status === undefined || d.status === status)
        .map((d): AdminDisputeRow => ({
          dispute_id: d.disputeId,
          original_id: state.originalId,
          job_id: state.jobId,
          milestone_title: (state.versions.find((v) => v.versionId === state.currentVersionId) ?? state.versions.at(-1)!).title || WHOLE_PROJECT_MILESTONE,
          buyer: names.person(state.customerId),
          seller: names.company(state.companyId),
          status: d.status,
          opened_by_party: d.openedByParty === 'customer' ? 'buyer' : 'seller',
          opened_by: names.person(d.openedBy),
          statement: d.statement,
          opened_at: d.openedAt,
          response: d.response
            ? {
                by: names.person(d.response.by),
                party: d.response.party === 'customer' ? 'buyer' : 'seller',
                statement: d.response.statement,
                at: d.response.at,
              }
            : null,
          held: milestoneView(state, 'admin', { userId: 0, companyId: null }, names).held,
          resolution: d.resolution,
          proposal: d.proposal && d.status === 'open' ? proposalView(d.proposal, names) : null,
          // Four eyes: a resolution moving more than this is only proposed (docs/administrators.md).
          four_eyes_above: this.config.fourEyesAbove,
        })),
    );
  }
}
