import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { AgreementsService } from '../../agreements';
import { MilestoneCommands } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../../infrastructure/database/one-round-trip';
import type { MilestoneView } from '../milestone.view';
import { MilestoneAnswer } from '../milestone-answer';
import { DecideOnVersion } from './decide-on-version.command';

@CommandHandler(DecideOnVersion)
export class DecideOnVersionHandler implements ICommandHandler<DecideOnVersion> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
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
    // The approval that makes both parties' agreement: the project's escrow agreement lists it
    // now. Its read of the project's stream goes out with the card's look-ups, in one round trip.
    const [, view] = await Promise.all(
      inOneRoundTrip(
        this.pool,
        () => [this.agreements.recordAgreed(projectId, decided, write.metadata), this.answer.of(c.actor, decided.state, write.milestone.viewer)] as const,
      ),
    );
    return view;
  }
}
