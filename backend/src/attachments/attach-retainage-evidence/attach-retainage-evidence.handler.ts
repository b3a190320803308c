import { randomUUID } from 'node:crypto';

import { type ActiveProject, type AttachedFile, type AttachmentView, decideProject, type ProjectCommand } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { v5 as uuidv5 } from 'uuid';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { retainageEvidenceView } from '../attachment.view';
import { AttachmentIntake } from '../intake/attachment-intake';
import { AttachRetainageEvidence } from './attach-retainage-evidence.command';

/** Namespace of retainage evidence ids made from an Idempotency-Key (a random UUID, fixed forever). */
const EVIDENCE_NAMESPACE = '9d3f6a2e-71c4-4b0a-8e5d-2c6b1f0a7e94';

/** Stands in for the file while the rules are asked whether anything may be attached at all. */
const PROBE: AttachedFile = { name: 'probe', size: 1, mediaType: 'application/pdf', sha256: '0'.repeat(64), thumbnailSha256: null };

@CommandHandler(AttachRetainageEvidence)
export class AttachRetainageEvidenceHandler implements ICommandHandler<AttachRetainageEvidence> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    private readonly intake: AttachmentIntake,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: AttachRetainageEvidence): Promise<AttachmentView> {
    await this.access.requireViewer(c.projectId, c.actor);
    // A retry with the same key names the same file: it is answered, not stored again.
    const attachmentId = c.idempotencyKey ? uuidv5(`${c.actor.userId}\u0000${c.idempotencyKey}`, EVIDENCE_NAMESPACE) : randomUUID();
    const metadata = metadataOf(c.actor);
    const command = (file: AttachedFile): ProjectCommand => ({
      type: 'AddRetainageEvidence',
      data: { attachmentId, disputeId: c.disputeId, file, maxBytes: this.config.attachments.maxMilestoneBytes },
      metadata,
    });
    const evidenceOf = async () => ((await this.streams.current(projectStream, c.projectId)) as ActiveProject).retainage.evidence ?? [];
    if (!(await evidenceOf()).some((e) => e.attachmentId === attachmentId)) {
      // The rules first, with a stand-in file: a refused attachment reads and stores no byte.
      decideProject(command(PROBE), await this.streams.current(projectStream, c.projectId));
      const file = await c.upload.take(this.intake);
      await this.streams.decide(projectStream, c.projectId, command(file), { idempotencyKey: c.idempotencyKey, metadataExtras: { jobId: c.projectId } });
    }
    const evidence = (await evidenceOf()).find((e) => e.attachmentId === attachmentId)!;
    return retainageEvidenceView(c.projectId, evidence, await this.reads.namesFor([], [evidence.by]));
  }
}
