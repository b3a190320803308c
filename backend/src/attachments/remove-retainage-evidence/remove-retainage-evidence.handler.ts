import type { ActiveProject, AttachmentView } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, projectStream } from '../../command-side';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { retainageEvidenceView } from '../attachment.view';
import { projectSeenBy } from '../attachment-access';
import { RemoveRetainageEvidence } from './remove-retainage-evidence.command';

@CommandHandler(RemoveRetainageEvidence)
export class RemoveRetainageEvidenceHandler implements ICommandHandler<RemoveRetainageEvidence> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
  ) {}

  async execute(c: RemoveRetainageEvidence): Promise<AttachmentView> {
    await projectSeenBy(this.access, c.projectId, c.actor);
    const { state } = await this.streams.decide(
      projectStream,
      c.projectId,
      { type: 'RemoveRetainageEvidence', data: { attachmentId: c.attachmentId }, metadata: metadataOf(c.actor) },
      { idempotencyKey: c.idempotencyKey },
    );
    const evidence = ((state as ActiveProject).retainage.evidence ?? []).find((e) => e.attachmentId === c.attachmentId)!;
    return retainageEvidenceView(c.projectId, evidence, await this.reads.namesFor([], [evidence.by]));
  }
}
