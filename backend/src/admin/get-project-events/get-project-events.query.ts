import type { RawEventView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { ProjectAccess, ProjectEvents } from '../../read-models';
import { rawEventsOf } from '../raw-events';

/** GET /api/admin/job/{id}/events: the raw event stream of a project, its own and its milestones', in global order. */
export class GetProjectEvents extends Query<RawEventView[]> {
  constructor(readonly jobId: number) {
    super();
  }
}

@QueryHandler(GetProjectEvents)
export class GetProjectEventsHandler implements IQueryHandler<GetProjectEvents> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly projectEvents: ProjectEvents,
  ) {}

  async execute({ jobId }: GetProjectEvents): Promise<RawEventView[]> {
    await this.access.job(jobId);
    return rawEventsOf(this.projectEvents, jobId);
  }
}
