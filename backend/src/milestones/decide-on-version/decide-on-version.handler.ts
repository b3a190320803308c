import type { MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { type MilestoneRef, ProjectAccess, projectFactsOf, type Viewer } from '../../read-models';
import { DecideOnVersion } from './decide-on-version.command';

@CommandHandler(DecideOnVersion)
export class DecideOnVersionHandler implements ICommandHandler<DecideOnVersion> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
  ) {}

  async execute(c: DecideOnVersion): Promise<MilestoneRef & { viewer: Viewer }> {
    const ref = await this.access.requireMilestoneViewer(c.versionId, c.actor);
    const metadata = metadataOf(c.actor);
    const project = projectFactsOf(ref.job);
    const command: MilestoneCommand =
      c.decision === 'approve'
        ? { type: 'ApproveMilestoneVersion', data: { versionId: c.versionId }, metadata, project }
        : { type: 'RejectMilestoneVersion', data: { versionId: c.versionId, reason: c.reason }, metadata, project };
    await this.streams.decide(milestoneStream, ref.originalId, command, { idempotencyKey: c.idempotencyKey, metadataExtras: { jobId: ref.jobId } });
    return { originalId: ref.originalId, jobId: ref.jobId, viewer: ref.viewer };
  }
}
