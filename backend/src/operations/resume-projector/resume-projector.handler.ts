import type { ProjectorResumed } from '@escrow/domain';
import { ProjectionRunner } from '@escrow/projections';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { requireProjector } from '../projectors';
import { ResumeProjector } from './resume-projector.command';

@CommandHandler(ResumeProjector)
export class ResumeProjectorHandler implements ICommandHandler<ResumeProjector> {
  constructor(private readonly runner: ProjectionRunner) {}

  async execute({ name }: ResumeProjector): Promise<ProjectorResumed> {
    requireProjector(this.runner, name);
    return { projector: name, resumed: await this.runner.resume(name) };
  }
}
