import type { ActiveMilestone } from '@escrow/domain';
import { conflict } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AgreementsService } from '../../agreements';
import { IdsService, MilestoneCommands } from '../../command-side';
import { BankAccounts } from '../../payments';
import { type DepositView, depositView } from '../milestone.view';
import { RequestDeposit } from './request-deposit.command';

@CommandHandler(RequestDeposit)
export class RequestDepositHandler implements ICommandHandler<RequestDeposit> {
  constructor(
    private readonly commands: MilestoneCommands,
    private readonly ids: IdsService,
    private readonly bankAccounts: BankAccounts,
    private readonly agreements: AgreementsService,
  ) {}

  async execute(c: RequestDeposit): Promise<DepositView & { milestone_id: number }> {
    const write = await this.commands.start(c);
    const { projectId, originalId } = write.milestone;
    const depositId = await this.ids.forCreation('deposit_id_seq', `deposit:${c.actor.userId}:${originalId}`, c.idempotencyKey);
    const [account, agreement] = await Promise.all([
      this.bankAccounts.depositAccountOf(c.actor.userId, projectId),
      this.agreements.forDeposit(projectId, originalId),
    ]);
    const { state } = await write.decide({ type: 'RequestDeposit', data: { depositId, bankAccountLast4: account?.last4 ?? null, agreement } });
    // Answered from the milestone as it is now: a replay of this request shows the deposit's
    // current status (settled, returned …), not the "pending" of the first answer.
    const deposit = (state as ActiveMilestone).deposits.find((d) => d.depositId === depositId);
    if (!deposit) throw conflict('deposit_not_in_milestone', 'This deposit is not part of the milestone; reload the page and try again.');
    return { ...depositView(deposit), milestone_id: c.versionId };
  }
}
