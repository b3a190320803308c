import { type ActiveMilestone, asCompanyRole, type ProjectHistoryEntry, type RecordedEvent } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess, ProjectEvents } from '../../read-models';
import { type AuditRow, describe, scheduleVersionNumbers } from './project-history';

/** GET /api/job/{id}/history: every event of the project with who, what and when, and what each edit changed. */
export class GetProjectHistory extends Query<ProjectHistoryEntry[]> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
  ) {
    super();
  }
}

@QueryHandler(GetProjectHistory)
export class GetProjectHistoryHandler implements IQueryHandler<GetProjectHistory> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
    private readonly events: ProjectEvents,
  ) {}

  async execute({ user, projectId: projectId }: GetProjectHistory): Promise<ProjectHistoryEntry[]> {
    await this.access.requireViewer(projectId, user);
    // The audit trail is the event store itself: every event of the project, as stored.
    const rows = (await this.events.of(projectId)).map(auditRowOf);
    const states = await this.milestones.ofJob(projectId);
    const byId = new Map<number, ActiveMilestone>(states.map((s) => [s.originalId, s]));
    const people = rows.flatMap((r) => [r.actor_id, r.data.customerId, r.data.userId]).filter((id): id is number => typeof id === 'number');
    const companies = rows.flatMap((r) => [r.data.primaryCompanyId, r.data.companyId, r.data.payeeId]).filter((id): id is number => typeof id === 'number');
    const names = await this.milestones.namesFor(states, people, companies);
    const versionNumbers = scheduleVersionNumbers(rows);
    return rows.map((row) => ({
      event_id: row.event_id,
      position: row.position,
      at: row.occurred_at.toISOString(),
      type: row.type,
      milestone_id: row.original_id,
      actor_id: row.actor_id,
      actor_name: row.actor_id ? names.person(row.actor_id) : row.actor_role === 'system' ? 'Payment provider' : null,
      actor_role: row.actor_role,
      actor_company_role: row.actor_company_role,
      ...describe(row, byId, names, versionNumbers),
      data: row.data,
    }));
  }
}

function auditRowOf(event: RecordedEvent): AuditRow {
  const data = event.data as Record<string, unknown>;
  const actor = Number(event.metadata.actorId);
  return {
    event_id: event.id,
    position: `${event.position.commit}/${event.position.prepare}`,
    stream_id: event.streamId,
    original_id: typeof data.originalId === 'number' ? data.originalId : null,
    type: event.type,
    actor_id: Number.isInteger(actor) && actor > 0 ? actor : null,
    actor_role: event.metadata.actorRole ?? null,
    actor_company_role: asCompanyRole(event.metadata.actorCompanyRole),
    occurred_at: new Date(event.metadata.occurredAt ?? event.recordedAt),
    data,
  };
}
