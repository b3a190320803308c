import type { ActiveMilestone } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import type { SessionUser } from '../../identity';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { type AuditRow, describe } from './project-history';

/** GET /api/job/{id}/history: every event of the project with who, what and when, and what each edit changed. */
export class GetProjectHistory extends Query<Record<string, unknown>[]> {
  constructor(
    readonly user: SessionUser,
    readonly jobId: number,
  ) {
    super();
  }
}

@QueryHandler(GetProjectHistory)
export class GetProjectHistoryHandler implements IQueryHandler<GetProjectHistory> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  async execute({ user, jobId }: GetProjectHistory) {
    await this.access.requireViewer(jobId, user);
    const { rows } = await this.pool.query<AuditRow>(
      `SELECT event_id, position, stream_id, original_id, type, actor_id, actor_role, occurred_at, data
         FROM audit_trail WHERE job_id = $1 ORDER BY commit_position, prepare_position`,
      [jobId],
    );
    const states = await this.milestones.ofJob(jobId);
    const byId = new Map<number, ActiveMilestone>(states.map((s) => [s.originalId, s]));
    const people = rows.flatMap((r) => [r.actor_id, r.data.customerId]).filter((id): id is number => typeof id === 'number');
    const companies = rows.flatMap((r) => [r.data.primaryCompanyId, r.data.companyId]).filter((id): id is number => typeof id === 'number');
    const names = await this.milestones.namesFor(states, people, companies);
    return rows.map((row) => ({
      event_id: row.event_id,
      position: row.position,
      at: row.occurred_at.toISOString(),
      type: row.type,
      milestone_id: row.original_id,
      actor_id: row.actor_id,
      actor_name: row.actor_id ? names.person(row.actor_id) : row.actor_role === 'system' ? 'Payment provider' : null,
      actor_role: row.actor_role,
      ...describe(row, byId, names),
      data: row.data,
    }));
  }
}
