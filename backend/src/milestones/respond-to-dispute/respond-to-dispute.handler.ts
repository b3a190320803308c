import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { RespondToDispute } from './respond-to-dispute.command';

@CommandHandler(RespondToDispute)
export class RespondToDisputeHandler implements ICommandHandler<RespondToDispute> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: RespondToDispute): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const { state } = await write.decide({ type: 'RespondToDispute', data: { statement: c.statement } });
    return this.answer.of(c.actor, state, write.milestone.viewer);
  }
}
