import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { ClaimDeadlineRefund } from './claim-deadline-refund.command';

@CommandHandler(ClaimDeadlineRefund)
export class ClaimDeadlineRefundHandler implements ICommandHandler<ClaimDeadlineRefund> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: ClaimDeadlineRefund): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const { state } = await write.decide({ type: 'ClaimDeadlineRefund', data: {} });
    return this.answer.of(c.actor, state, write.milestone.viewer);
  }
}
