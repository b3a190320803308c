import type { LivenessView } from '@escrow/domain';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

/** GET /api/health/live: answers while the process runs; it reads nothing, so a slow database cannot make it fail. */
export class CheckLiveness extends Query<LivenessView> {}

@QueryHandler(CheckLiveness)
export class CheckLivenessHandler implements IQueryHandler<CheckLiveness> {
  execute(): Promise<LivenessView> {
    return Promise.resolve({ status: 'live', uptimeSeconds: Math.round(process.uptime()) });
  }
}
