import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { ProjectAccess } from '../../read-models';
import { DiscardDraft } from './discard-draft.command';

@CommandHandler(DiscardDraft)
export class DiscardDraftHandler implements ICommandHandler<DiscardDraft> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
  ) {}

  async execute(c: DiscardDraft): Promise<void> {
    await this.access.requireViewer(c.projectId, c.actor);
    const metadata = metadataOf(c.actor);
    await this.streams.decide(projectStream, c.projectId, { type: 'DiscardJobDraft', data: {}, metadata }, { idempotencyKey: c.idempotencyKey });
  }
}
