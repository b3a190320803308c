import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MilestoneAnswer } from '../../milestones';
import { ProjectAccess } from '../../read-models';
import { ResolveDispute, type ResolveDisputeResult } from './resolve-dispute.command';

/** With an Idempotency-Key, a retry after a lost answer gets the resolution back instead of "There is no open dispute". */
@CommandHandler(ResolveDispute)
export class ResolveDisputeHandler implements ICommandHandler<ResolveDispute> {
  constructor(
    private readonly streams: EventStreams,
    private readonly access: ProjectAccess,
    private readonly answer: MilestoneAnswer,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute(c: ResolveDispute): Promise<ResolveDisputeResult> {
    const ref = await this.access.milestone(c.versionId);
    const { state, events } = await this.streams.decide(
      milestoneStream,
      ref.originalId,
      {
        type: 'ResolveDispute',
        data: { resolution: c.resolution, refundAmount: c.refundAmount, note: c.note, fourEyesAbove: this.config.fourEyesAbove },
        metadata: metadataOf(c.admin),
      },
      { idempotencyKey: c.idempotencyKey },
    );
    // A replayed request answers as its first did: a proposal is still the open one (or was decided since).
    return { view: await this.answer.of(c.admin, state, 'admin'), proposed: events[0]?.type === 'ResolutionProposed' };
  }
}
