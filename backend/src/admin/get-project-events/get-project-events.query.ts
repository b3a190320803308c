import type { RawEventView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { MilestoneReads, ProjectAccess, ProjectEvents } from '../../read-models';
import { rawEventsOf } from '../raw-events';

/** GET /api/admin/job/{id}/events: the raw event stream of a project, its own and its milestones', in global order. */
export class GetProjectEvents extends Query<RawEventView[]> {
  constructor(readonly projectId: number) {
    super();
  }
}

@QueryHandler(GetProjectEvents)
export class GetProjectEventsHandler implements IQueryHandler<GetProjectEvents> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly projectEvents: ProjectEvents,
    private readonly milestones: MilestoneReads,
  ) {}

  async execute({ projectId: projectId }: GetProjectEvents): Promise<RawEventView[]> {
    await this.access.job(projectId);
    return rawEventsOf(this.projectEvents, projectId, this.milestones);
  }
}
