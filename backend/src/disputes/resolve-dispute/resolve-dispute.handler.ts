import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { MilestoneAnswer, type MilestoneView } from '../../milestones';
import { ProjectAccess } from '../../read-models';
import { ResolveDispute } from './resolve-dispute.command';

/** With an Idempotency-Key, a retry after a lost answer gets the resolution back instead of "There is no open dispute". */
@CommandHandler(ResolveDispute)
export class ResolveDisputeHandler implements ICommandHandler<ResolveDispute> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: ResolveDispute): Promise<MilestoneView> {
    const ref = await this.access.milestone(c.versionId);
    const { state } = await this.streams.decide(
      milestoneStream,
      ref.originalId,
      { type: 'ResolveDispute', data: { resolution: c.resolution, refundAmount: c.refundAmount, note: c.note }, metadata: metadataOf(c.admin) },
      { idempotencyKey: c.idempotencyKey, metadataExtras: { jobId: ref.jobId } },
    );
    return this.answer.of(c.admin, state, 'admin');
  }
}
