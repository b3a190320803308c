import type { RecordedEvent } from '@escrow/domain';

/**
 * The project an event belongs to: project events carry it in their data, milestone events in
 * their metadata (the command side adds it, so projections need no lookup).
 */
export function jobIdOf(event: RecordedEvent): number {
  const fromData = (event.data as { jobId?: unknown }).jobId;
  const fromMetadata = (event.metadata as { jobId?: unknown }).jobId;
  const projectId = Number(fromData ?? fromMetadata);
  if (!Number.isInteger(projectId) || projectId <= 0) throw new Error(`event ${event.type} ${event.id} names no project (jobId)`);
  return projectId;
}
