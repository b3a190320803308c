import type { ProjectCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { SetProjectTermsCommand } from './set-project-terms.command';

@CommandHandler(SetProjectTermsCommand)
export class SetProjectTermsHandler implements ICommandHandler<SetProjectTermsCommand> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly streams: EventStreams,
  ) {}

  async execute(c: SetProjectTermsCommand): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    const command: ProjectCommand = {
      type: 'SetProjectTerms',
      data: { retainagePercent: c.retainagePercent, siteState: c.siteState ?? null },
      metadata: metadataOf(c.actor),
    };
    await this.streams.decide(projectStream, c.projectId, command, { idempotencyKey: c.idempotencyKey });
  }
}
