import type { ProjectorStatusView } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import { RebuildsHere } from '../projectors';

/** GET /api/admin/projections: each projector's position, lag and failure, and whether this process rebuilds it. */
export class GetProjectorStatus extends Query<ProjectorStatusView[]> {}

@QueryHandler(GetProjectorStatus)
export class GetProjectorStatusHandler implements IQueryHandler<GetProjectorStatus> {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly rebuilds: RebuildsHere,
  ) {}

  async execute(): Promise<ProjectorStatusView[]> {
    const statuses = await this.runner.status();
    return statuses.map((s) => ({ ...s, rebuilding_here: this.rebuilds.has(s.name) }));
  }
}
