import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { ChooseBillingMethod } from './choose-billing-method.command';

@CommandHandler(ChooseBillingMethod)
export class ChooseBillingMethodHandler implements ICommandHandler<ChooseBillingMethod> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
  ) {}

  async execute(c: ChooseBillingMethod): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    await this.streams.decide(
      projectStream,
      c.projectId,
      { type: 'ChooseBillingMethod', data: { method: c.method }, metadata: metadataOf(c.actor) },
      { idempotencyKey: c.idempotencyKey },
    );
  }
}
