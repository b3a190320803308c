import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { DecideOnVersion } from './decide-on-version.command';

@CommandHandler(DecideOnVersion)
export class DecideOnVersionHandler implements ICommandHandler<DecideOnVersion> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: DecideOnVersion): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const { versionId } = write.milestone;
    const { state } = await write.decide(
      c.decision === 'approve'
        ? { type: 'ApproveMilestoneVersion', data: { versionId } }
        : { type: 'RejectMilestoneVersion', data: { versionId, reason: c.reason } },
    );
    return this.answer.of(c.actor, state, write.milestone.viewer);
  }
}
