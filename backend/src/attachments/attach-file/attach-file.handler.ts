import { type ActiveMilestone, type AttachedFile, type AttachmentTarget, type AttachmentView, invalid, type VersionId } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands, RequestFingerprints } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MilestoneReads } from '../../read-models';
import { attachmentOf, attachmentView } from '../attachment.view';
import { milestoneActedOnBy } from '../attachment-access';
import { AttachmentIntake } from '../intake/attachment-intake';
import { uploadKeyBinding } from '../intake/upload-key';
import { newAttachmentId, PROBE_FILE } from '../new-attachment';
import { AttachFile } from './attach-file.command';

/** Namespace of attachment ids made from an Idempotency-Key (a random UUID, fixed forever). */
const ATTACHMENT_NAMESPACE = '5b0e7c1a-3f2d-4e8b-9a61-0c7d2e4f8b13';

@CommandHandler(AttachFile)
export class AttachFileHandler implements ICommandHandler<AttachFile> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly reads: MilestoneReads,
    private readonly intake: AttachmentIntake,
    private readonly fingerprints: RequestFingerprints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AttachFile): Promise<AttachmentView> {
    const write = await this.commands.start(c, milestoneActedOnBy);
    const to = targetOf(c.place, write.milestone.versionId, c.disputeId);
    const bindKey = uploadKeyBinding(this.fingerprints, c, `POST /api/milestone/${c.versionId}/attachments`, { to: c.place, disputeId: c.disputeId });
    // A retry with the same key names the same attachment: it is answered, not stored again.
    const attachmentId = newAttachmentId(c.actor.userId, c.idempotencyKey, ATTACHMENT_NAMESPACE);
    const command = (file: AttachedFile) => ({
      type: 'AddAttachment' as const,
      data: { attachmentId, to, file, maxMilestoneBytes: this.config.attachments.maxMilestoneBytes },
    });
    let milestone = write.state as ActiveMilestone;
    if (!attachmentOf(milestone, attachmentId)) {
      // The rules first, with a stand-in file: a refused attachment reads and stores no byte.
      write.check(command(PROBE_FILE));
      const file = await c.upload.take(this.intake, bindKey);
      milestone = (await write.decide(command(file))).state as ActiveMilestone;
    } else {
      // Its key named an attachment already: this is its retry only if it sends the same file.
      await bindKey(await c.upload.received(this.intake));
    }
    const attachment = attachmentOf(milestone, attachmentId)!;
    return attachmentView(milestone, attachment, await this.reads.namesFor([milestone], [attachment.by]));
  }
}

function targetOf(place: AttachFile['place'], versionId: VersionId, disputeId: number | null): AttachmentTarget {
  if (place === 'dispute') {
    if (disputeId === null) throw invalid('dispute_id_required', 'Say which dispute the file is evidence in (dispute_id).');
    return { kind: 'dispute', disputeId };
  }
  if (place === 'completion') return { kind: 'completion' };
  return { kind: place, versionId };
}
