import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { MarkComplete } from './mark-complete.command';

@CommandHandler(MarkComplete)
export class MarkCompleteHandler implements ICommandHandler<MarkComplete> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: MarkComplete): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const { state } = await write.decide({ type: 'MarkMilestoneComplete', data: { complete: c.complete } });
    return this.answer.of(c.actor, state, write.milestone.viewer);
  }
}
