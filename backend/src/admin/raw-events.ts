import type { RawEventView } from '@escrow/domain';

import type { ProjectEvents } from '../read-models';

/** The raw event stream of a project: its own stream and its milestones', in global order, as an auditor reads it. */
export async function rawEventsOf(projectEvents: ProjectEvents, projectId: number): Promise<RawEventView[]> {
  return (await projectEvents.of(projectId)).map((e) => ({
    event_id: e.id,
    stream_id: e.streamId,
    revision: e.revision,
    position: `${e.position.commit}/${e.position.prepare}`,
    type: e.type,
    occurred_at: e.metadata.occurredAt,
    recorded_at: e.recordedAt.toISOString(),
    actor_id: e.metadata.actorId,
    actor_role: e.metadata.actorRole,
    data: e.data as Record<string, unknown>,
    metadata: e.metadata,
  }));
}
