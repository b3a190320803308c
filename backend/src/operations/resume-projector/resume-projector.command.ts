import type { ProjectorResumed } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** POST /api/admin/projections/{name}/resume: a stopped projector tries its dead letters again and goes on. */
export class ResumeProjector extends Command<ProjectorResumed> {
  constructor(readonly name: string) {
    super();
  }
}
