import { asCompanyRole, type RawEventView } from '@escrow/domain';

import type { MilestoneReads, ProjectEvents } from '../read-models';

/**
 * The raw event stream of a project: its own stream and its milestones', in global order, as an
 * auditor reads it, each with the person who acted and their company role then (issue 37).
 */
export async function rawEventsOf(projectEvents: ProjectEvents, projectId: number, milestones: MilestoneReads): Promise<RawEventView[]> {
  const events = await projectEvents.of(projectId);
  const actorOf = (actorId: string | null) => {
    const id = Number(actorId);
    return Number.isInteger(id) && id > 0 ? id : null;
  };
  const names = await milestones.namesFor(
    [],
    events.map((e) => actorOf(e.metadata.actorId)).filter((id): id is number => id !== null),
  );
  return events.map((e) => ({
    event_id: e.id,
    stream_id: e.streamId,
    revision: e.revision,
    position: `${e.position.commit}/${e.position.prepare}`,
    type: e.type,
    occurred_at: e.metadata.occurredAt,
    recorded_at: e.recordedAt.toISOString(),
    actor_id: e.metadata.actorId,
    actor_role: e.metadata.actorRole,
    actor_name: names.person(actorOf(e.metadata.actorId)),
    actor_company_role: asCompanyRole(e.metadata.actorCompanyRole),
    data: e.data as Record<string, unknown>,
    metadata: e.metadata,
  }));
}
