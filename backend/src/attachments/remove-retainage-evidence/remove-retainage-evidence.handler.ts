import type { AttachmentView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { metadataOf } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { retainageEvidenceView } from '../attachment.view';
import { projectSeenBy } from '../attachment-access';
import { RetainageEvidenceSource } from '../retainage-evidence-source';
import { RemoveRetainageEvidence } from './remove-retainage-evidence.command';

@CommandHandler(RemoveRetainageEvidence)
export class RemoveRetainageEvidenceHandler implements ICommandHandler<RemoveRetainageEvidence> {
  constructor(
    private readonly source: RetainageEvidenceSource,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute(c: RemoveRetainageEvidence): Promise<AttachmentView> {
    await projectSeenBy(this.access, c.projectId, c.actor);
    const write = await this.source.write(c.projectId);
    const files = await write.decide({ type: 'remove', data: { attachmentId: c.attachmentId } }, metadataOf(c.actor), c.idempotencyKey);
    const evidence = files.find((e) => e.attachmentId === c.attachmentId)!;
    return retainageEvidenceView(c.projectId, evidence, await this.reads.namesFor([], [evidence.by]));
  }
}
