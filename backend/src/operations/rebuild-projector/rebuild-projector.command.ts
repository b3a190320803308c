import type { ProjectorRebuildStarted } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** POST /api/admin/projections/{name}/rebuild: the same rebuild as `npm run projections -- rebuild <name>`, in this process. */
export class RebuildProjector extends Command<ProjectorRebuildStarted> {
  constructor(readonly name: string) {
    super();
  }
}
