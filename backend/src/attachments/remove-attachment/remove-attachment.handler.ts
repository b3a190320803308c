import type { ActiveMilestone, AttachmentView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands } from '../../command-side';
import { MilestoneReads } from '../../read-models';
import { attachmentOf, attachmentView } from '../attachment.view';
import { milestoneActedOnBy } from '../attachment-access';
import { RemoveAttachmentFile } from './remove-attachment.command';

@CommandHandler(RemoveAttachmentFile)
export class RemoveAttachmentHandler implements ICommandHandler<RemoveAttachmentFile> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly reads: MilestoneReads,
  ) {}

  async execute(c: RemoveAttachmentFile): Promise<AttachmentView> {
    const write = await this.commands.start(c, milestoneActedOnBy);
    const { state } = await write.decide({ type: 'RemoveAttachment', data: { attachmentId: c.attachmentId } });
    const milestone = state as ActiveMilestone;
    const attachment = attachmentOf(milestone, c.attachmentId)!;
    return attachmentView(milestone, attachment, await this.reads.namesFor([milestone], [attachment.by]));
  }
}
