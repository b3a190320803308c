import { asCompanyRole, type LedgerPostingRow } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads, ProjectAccess } from '../../read-models';

/** GET /api/admin/job/{id}/ledger: the double-entry postings of a project (or one milestone), with each account's running balance. */
export class GetProjectLedger extends Query<LedgerPostingRow[]> {
  constructor(
    readonly projectId: number,
    /** One milestone's postings only (its original id). */
    readonly milestone: number | null,
  ) {
    super();
  }
}

@QueryHandler(GetProjectLedger)
export class GetProjectLedgerHandler implements IQueryHandler<GetProjectLedger> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
  ) {}

  async execute({ projectId: projectId, milestone }: GetProjectLedger): Promise<LedgerPostingRow[]> {
    await this.access.job(projectId);
    const { rows } = await this.pool.query<
      Omit<LedgerPostingRow, 'occurred_at' | 'actor_name' | 'actor_company_role'> & { occurred_at: Date; actor_company_role: string | null }
    >(
      `SELECT l.event_id, l.line, l.position, l.original_id, l.account, l.company_id, c.name AS company_name, l.amount, l.event_type, l.occurred_at, l.paid_to,
              l.actor_id, l.actor_company_role,
              sum(l.amount) OVER (PARTITION BY l.account, coalesce(l.company_id, 0) ORDER BY l.commit_position, l.prepare_position, l.line)::numeric(20,2)::text AS running_balance
         FROM ledger_entries l LEFT JOIN companies c ON c.company_id = l.company_id
        WHERE l.job_id = $1 AND ($2::int IS NULL OR l.original_id = $2)
        ORDER BY l.commit_position, l.prepare_position, l.line`,
      [projectId, milestone],
    );
    // Who caused each posting, by name from the directory (issue 37): the read model keeps the id.
    const names = await this.milestones.namesFor([], [...new Set(rows.flatMap((r) => (r.actor_id === null ? [] : [r.actor_id])))]);
    // JSON wrote the Date as toISOString(): the contract's string is the same text.
    return rows.map((r) => ({
      ...r,
      occurred_at: r.occurred_at.toISOString(),
      actor_name: names.person(r.actor_id),
      actor_company_role: asCompanyRole(r.actor_company_role),
    }));
  }
}
