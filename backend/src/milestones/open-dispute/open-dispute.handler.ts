import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { IdsService, MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { OpenDispute } from './open-dispute.command';

@CommandHandler(OpenDispute)
export class OpenDisputeHandler implements ICommandHandler<OpenDispute> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly answer: MilestoneAnswer,
    private readonly ids: IdsService,
  ) {}

  async execute(c: OpenDispute): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const disputeId = await this.ids.forCreation('dispute_id_seq', `dispute:${c.actor.userId}:${write.milestone.originalId}`, c.idempotencyKey);
    const { state } = await write.decide({ type: 'OpenDispute', data: { disputeId, statement: c.statement } });
    return this.answer.of(c.actor, state, write.milestone.viewer);
  }
}
