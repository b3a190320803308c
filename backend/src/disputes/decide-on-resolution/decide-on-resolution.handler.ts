import { type MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { MilestoneAnswer, type MilestoneView } from '../../milestones';
import { ProjectAccess } from '../../read-models';
import { DecideOnResolution } from './decide-on-resolution.command';

/**
 * Approval is decided on the milestone stream like the resolution itself: two approvers at once
 * append one after the other, and the second, decided again, finds nothing left to approve (409).
 */
@CommandHandler(DecideOnResolution)
export class DecideOnResolutionHandler implements ICommandHandler<DecideOnResolution> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: DecideOnResolution): Promise<MilestoneView> {
    const ref = await this.access.milestone(c.versionId);
    const metadata = metadataOf(c.admin);
    const command: MilestoneCommand =
      c.decision === 'approve'
        ? { type: 'ApproveResolution', data: { proposalId: c.proposalId }, metadata }
        : { type: 'RejectResolution', data: { proposalId: c.proposalId, note: c.note }, metadata };
    const { state } = await this.streams.decide(milestoneStream, ref.originalId, command, {
      idempotencyKey: c.idempotencyKey,
    });
    return this.answer.of(c.admin, state, 'admin');
  }
}
