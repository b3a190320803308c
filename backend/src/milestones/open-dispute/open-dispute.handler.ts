import type { MilestoneCommand } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EventStreams, IdsService, metadataOf, milestoneStream } from '../../command-side';
import { projectFactsOf } from '../../read-models';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { MilestoneCommandStart } from '../milestone-command-start';
import { OpenDispute } from './open-dispute.command';

@CommandHandler(OpenDispute)
export class OpenDisputeHandler implements ICommandHandler<OpenDispute> {
  constructor(
    private readonly streams: EventStreams,
    private readonly start: MilestoneCommandStart,
    private readonly answer: MilestoneAnswer,
    private readonly ids: IdsService,
  ) {}

  async execute(c: OpenDispute): Promise<MilestoneView> {
    const ref = await this.start.of(c.versionId, c.actor);
    const metadata = metadataOf(c.actor);
    const project = projectFactsOf(ref.job);
    const disputeId = await this.ids.forCreation('dispute_id_seq', `dispute:${c.actor.userId}:${ref.originalId}`, c.idempotencyKey);
    const command: MilestoneCommand = { type: 'OpenDispute', data: { disputeId, statement: c.statement }, metadata, project };
    const { state } = await this.streams.decide(milestoneStream, ref.originalId, command, {
      idempotencyKey: c.idempotencyKey,
      readAhead: ref.readAhead,
    });
    return this.answer.of(c.actor, state, ref.viewer);
  }
}
