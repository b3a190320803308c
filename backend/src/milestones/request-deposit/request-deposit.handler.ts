import type { ActiveMilestone } from '@escrow/domain';
import { conflict } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { AgreementsService } from '../../agreements';
import { IdsService, MilestoneCommands } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../../infrastructure/database/one-round-trip';
import { BankAccounts } from '../../payments';
import { type DepositView, depositView } from '../milestone.view';
import { RequestDeposit } from './request-deposit.command';

@CommandHandler(RequestDeposit)
export class RequestDepositHandler implements ICommandHandler<RequestDeposit> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly commands: MilestoneCommands,
    private readonly ids: IdsService,
    private readonly bankAccounts: BankAccounts,
    private readonly agreements: AgreementsService,
  ) {}

  async execute(c: RequestDeposit): Promise<DepositView & { milestone_id: number }> {
    const write = await this.commands.start(c);
    const { projectId, originalId } = write.milestone;
    // What the deposit needs besides its milestone is read together, in one round trip: its id,
    // the buyer's account, and where the agreement's signatures stand (the project's stream).
    const [depositId, account, agreement] = await Promise.all(
      inOneRoundTrip(
        this.pool,
        () =>
          [
            this.ids.forCreation('deposit_id_seq', `deposit:${c.actor.userId}:${originalId}`, c.idempotencyKey),
            this.bankAccounts.depositAccountOf(c.actor.userId, projectId),
            this.agreements.forDeposit(projectId, originalId),
          ] as const,
      ),
    );
    const { state } = await write.decide({ type: 'RequestDeposit', data: { depositId, bankAccountLast4: account?.last4 ?? null, agreement } });
    // Answered from the milestone as it is now: a replay of this request shows the deposit's
    // current status (settled, returned …), not the "pending" of the first answer.
    const deposit = (state as ActiveMilestone).deposits.find((d) => d.depositId === depositId);
    if (!deposit) throw conflict('deposit_not_in_milestone', 'This deposit is not part of the milestone; reload the page and try again.');
    return { ...depositView(deposit), milestone_id: c.versionId };
  }
}
