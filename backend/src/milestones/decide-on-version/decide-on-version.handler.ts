import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AgreementsService } from '../../agreements';
import { MilestoneCommands } from '../../command-side';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { DecideOnVersion } from './decide-on-version.command';

@CommandHandler(DecideOnVersion)
export class DecideOnVersionHandler implements ICommandHandler<DecideOnVersion> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly agreements: AgreementsService,
    private readonly answer: MilestoneAnswer,
  ) {}

  async execute(c: DecideOnVersion): Promise<MilestoneView> {
    const write = await this.commands.start(c);
    const { versionId, projectId } = write.milestone;
    const decided = await write.decide(
      c.decision === 'approve'
        ? { type: 'ApproveMilestoneVersion', data: { versionId } }
        : { type: 'RejectMilestoneVersion', data: { versionId, reason: c.reason } },
    );
    // The approval that makes both parties' agreement: the project's escrow agreement lists it now.
    await this.agreements.recordAgreed(projectId, decided, write.metadata);
    return this.answer.of(c.actor, decided.state, write.milestone.viewer);
  }
}
