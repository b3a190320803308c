import { conflict, type ProjectorRebuildStarted } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { RebuildsHere, requireProjector } from '../projectors';
import { RebuildProjector } from './rebuild-projector.command';

/** Answers at once; progress shows in the status (the rebuild's row is updated every batch). */
@CommandHandler(RebuildProjector)
export class RebuildProjectorHandler implements ICommandHandler<RebuildProjector> {
  constructor(
    private readonly runner: ProjectionRunner,
    private readonly rebuilds: RebuildsHere,
  ) {}

  async execute({ name }: RebuildProjector): Promise<ProjectorRebuildStarted> {
    requireProjector(this.runner, name);
    if (this.rebuilds.has(name)) throw conflict('rebuild_running', `A rebuild of ${name} is already running.`);
    this.rebuilds.start(this.runner, name);
    return { projector: name, started: true };
  }
}
