import { type AttachedFile, type AttachmentView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf, RequestFingerprints } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { retainageEvidenceView } from '../attachment.view';
import { projectSeenBy } from '../attachment-access';
import { AttachmentIntake } from '../intake/attachment-intake';
import { uploadKeyBinding } from '../intake/upload-key';
import { newAttachmentId, PROBE_FILE } from '../new-attachment';
import { type EvidenceChange, RetainageEvidenceSource } from '../retainage-evidence-source';
import { AttachRetainageEvidence } from './attach-retainage-evidence.command';

/** Namespace of retainage evidence ids made from an Idempotency-Key (a random UUID, fixed forever). */
const EVIDENCE_NAMESPACE = '9d3f6a2e-71c4-4b0a-8e5d-2c6b1f0a7e94';

@CommandHandler(AttachRetainageEvidence)
export class AttachRetainageEvidenceHandler implements ICommandHandler<AttachRetainageEvidence> {
  constructor(
    private readonly source: RetainageEvidenceSource,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly intake: AttachmentIntake,
    private readonly fingerprints: RequestFingerprints,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AttachRetainageEvidence): Promise<AttachmentView> {
    await projectSeenBy(this.access, c.projectId, c.actor);
    const bindKey = uploadKeyBinding(this.fingerprints, c, `POST /api/job/${c.projectId}/retainage/attachments`, { disputeId: c.disputeId });
    // A retry with the same key names the same file: it is answered, not stored again.
    const attachmentId = newAttachmentId(c.actor.userId, c.idempotencyKey, EVIDENCE_NAMESPACE);
    const metadata = metadataOf(c.actor);
    const change = (file: AttachedFile): EvidenceChange => ({
      type: 'add',
      data: { attachmentId, disputeId: c.disputeId, file, maxBytes: this.config.attachments.maxMilestoneBytes },
    });
    const write = await this.source.write(c.projectId);
    let files = write.evidence;
    if (!files.some((e) => e.attachmentId === attachmentId)) {
      // The rules first, with a stand-in file: a refused attachment reads and stores no byte.
      write.check(change(PROBE_FILE), metadata);
      const file = await c.upload.take(this.intake, bindKey);
      files = await write.decide(change(file), metadata, c.idempotencyKey);
    } else {
      // Its key named a file already: this is its retry only if it sends the same file.
      await bindKey(await c.upload.received(this.intake));
    }
    const evidence = files.find((e) => e.attachmentId === attachmentId)!;
    return retainageEvidenceView(c.projectId, evidence, await this.reads.namesFor([], [evidence.by]));
  }
}
