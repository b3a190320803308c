import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { SubmitProject } from './submit-project.command';

@CommandHandler(SubmitProject)
export class SubmitProjectHandler implements ICommandHandler<SubmitProject> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly milestones: MilestoneReads,
  ) {}

  async execute(c: SubmitProject): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    // Submitting needs a milestone: the decider counts those the project's stream lists, and the
    // read model's for a project started before the stream listed them.
    const milestoneCount = (await this.milestones.ofJob(c.projectId)).length;
    const metadata = metadataOf(c.actor);
    await this.streams.decide(projectStream, c.projectId, { type: 'SubmitJob', data: { milestoneCount }, metadata }, { idempotencyKey: c.idempotencyKey });
  }
}
