import type { MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, metadataOf, milestoneStream } from '../../command-side';
import { projectFactsOf } from '../../read-models';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { MilestoneCommandStart } from '../milestone-command-start';
import { RespondToDispute } from './respond-to-dispute.command';

@CommandHandler(RespondToDispute)
export class RespondToDisputeHandler implements ICommandHandler<RespondToDispute> {
  constructor(
    private readonly streams: EventStreams,
    private readonly start: MilestoneCommandStart,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: RespondToDispute): Promise<MilestoneView> {
    const ref = await this.start.of(c.versionId, c.actor);
    const metadata = metadataOf(c.actor);
    const project = projectFactsOf(ref.job);
    const command: MilestoneCommand = { type: 'RespondToDispute', data: { statement: c.statement }, metadata, project };
    const { state } = await this.streams.decide(milestoneStream, ref.originalId, command, {
      idempotencyKey: c.idempotencyKey,
      readAhead: ref.readAhead,
    });
    return this.answer.of(c.actor, state, ref.viewer);
  }
}
