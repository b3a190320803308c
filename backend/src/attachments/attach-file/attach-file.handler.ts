import {
  type ActiveMilestone,
  type AttachedFile,
  type AttachmentTarget,
  type AttachmentView,
  decideMilestone,
  invalid,
  type MilestoneCommand,
  type VersionId,
} from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream, RequestFingerprints } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MilestoneReads, ProjectAccess, projectFactsOf } from '../../read-models';
import { attachmentOf, attachmentView } from '../attachment.view';
import { milestoneActedOnBy } from '../attachment-access';
import { AttachmentIntake } from '../intake/attachment-intake';
import { AttachFile } from './attach-file.command';
import { newAttachmentId, PROBE_FILE } from './new-attachment';
import { uploadKeyBinding } from './upload-key';

/** Namespace of attachment ids made from an Idempotency-Key (a random UUID, fixed forever). */
const ATTACHMENT_NAMESPACE = '5b0e7c1a-3f2d-4e8b-9a61-0c7d2e4f8b13';

@CommandHandler(AttachFile)
export class AttachFileHandler implements ICommandHandler<AttachFile> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly intake: AttachmentIntake,
    private readonly fingerprints: RequestFingerprints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AttachFile): Promise<AttachmentView> {
    const ref = await milestoneActedOnBy(this.access, c.versionId, c.actor);
    const to = targetOf(c.place, ref.versionId, c.disputeId);
    const bindKey = uploadKeyBinding(this.fingerprints, c, `POST /api/milestone/${c.versionId}/attachments`, { to: c.place, disputeId: c.disputeId });
    // A retry with the same key names the same attachment: it is answered, not stored again.
    const attachmentId = newAttachmentId(c.actor.userId, c.idempotencyKey, ATTACHMENT_NAMESPACE);
    const metadata = metadataOf(c.actor);
    const command = (file: AttachedFile): MilestoneCommand => ({
      type: 'AddAttachment',
      data: { attachmentId, to, file, maxMilestoneBytes: this.config.attachments.maxMilestoneBytes },
      metadata,
      project: projectFactsOf(ref.job),
    });
    const before = (await this.streams.current(milestoneStream, ref.originalId)) as ActiveMilestone;
    if (!attachmentOf(before, attachmentId)) {
      // The rules first, with a stand-in file: a refused attachment reads and stores no byte.
      decideMilestone(command(PROBE_FILE), before);
      const file = await c.upload.take(this.intake, bindKey);
      await this.streams.decide(milestoneStream, ref.originalId, command(file), { idempotencyKey: c.idempotencyKey });
    } else {
      // Its key named an attachment already: this is its retry only if it sends the same file.
      await bindKey(await c.upload.received(this.intake));
    }
    const after = (await this.streams.current(milestoneStream, ref.originalId)) as ActiveMilestone;
    const attachment = attachmentOf(after, attachmentId)!;
    return attachmentView(after, attachment, await this.reads.namesFor([after], [attachment.by]));
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
