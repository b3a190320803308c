import type { ActiveMilestone, AttachmentView, MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { MilestoneReads, ProjectAccess, projectFactsOf } from '../../read-models';
import { attachmentOf, attachmentView } from '../attachment.view';
import { milestoneActedOnBy } from '../attachment-access';
import { RemoveAttachmentFile } from './remove-attachment.command';

@CommandHandler(RemoveAttachmentFile)
export class RemoveAttachmentHandler implements ICommandHandler<RemoveAttachmentFile> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute(c: RemoveAttachmentFile): Promise<AttachmentView> {
    const ref = await milestoneActedOnBy(this.access, c.versionId, c.actor);
    const command: MilestoneCommand = {
      type: 'RemoveAttachment',
      data: { attachmentId: c.attachmentId },
      metadata: metadataOf(c.actor),
      project: projectFactsOf(ref.job),
    };
    const { state } = await this.streams.decide(milestoneStream, ref.originalId, command, {
      idempotencyKey: c.idempotencyKey,
    });
    const milestone = state as ActiveMilestone;
    const attachment = attachmentOf(milestone, c.attachmentId)!;
    return attachmentView(milestone, attachment, await this.reads.namesFor([milestone], [attachment.by]));
  }
}
