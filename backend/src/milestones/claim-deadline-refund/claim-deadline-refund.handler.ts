import type { MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { type MilestoneRef, ProjectAccess, projectFactsOf, type Viewer } from '../../read-models';
import { ClaimDeadlineRefund } from './claim-deadline-refund.command';

@CommandHandler(ClaimDeadlineRefund)
export class ClaimDeadlineRefundHandler implements ICommandHandler<ClaimDeadlineRefund> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
  ) {}

  async execute(c: ClaimDeadlineRefund): Promise<MilestoneRef & { viewer: Viewer }> {
    const ref = await this.access.requireMilestoneViewer(c.versionId, c.actor);
    const metadata = metadataOf(c.actor);
    const project = projectFactsOf(ref.job);
    const command: MilestoneCommand = { type: 'ClaimDeadlineRefund', data: {}, metadata, project };
    await this.streams.decide(milestoneStream, ref.originalId, command, { idempotencyKey: c.idempotencyKey, metadataExtras: { jobId: ref.jobId } });
    return { originalId: ref.originalId, jobId: ref.jobId, viewer: ref.viewer };
  }
}
