import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { ChooseBillingMethod } from './choose-billing-method.command';

@CommandHandler(ChooseBillingMethod)
export class ChooseBillingMethodHandler implements ICommandHandler<ChooseBillingMethod> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
    private readonly milestones: MilestoneReads,
  ) {}

  async execute(c: ChooseBillingMethod): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    const milestoneCount = (await this.milestones.ofJob(c.projectId)).length;
    await this.streams.decide(
      projectStream,
      c.projectId,
      { type: 'ChooseBillingMethod', data: { method: c.method, milestoneCount }, metadata: metadataOf(c.actor) },
      { idempotencyKey: c.idempotencyKey },
    );
  }
}
