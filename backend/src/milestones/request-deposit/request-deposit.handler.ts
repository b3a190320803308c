import type { ActiveMilestone } from '@escrow/domain';
import { conflict } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AgreementsService } from '../../agreements';
import { EventStreams, IdsService, metadataOf, milestoneStream } from '../../command-side';
import { BankAccounts } from '../../payments';
import { ProjectAccess, projectFactsOf } from '../../read-models';
import { type DepositView, depositView } from '../milestone.view';
import { RequestDeposit } from './request-deposit.command';

@CommandHandler(RequestDeposit)
export class RequestDepositHandler implements ICommandHandler<RequestDeposit> {
  constructor(
    private readonly streams: EventStreams,
    private readonly ids: IdsService,
    private readonly access: ProjectAccess,
    private readonly bankAccounts: BankAccounts,
    private readonly agreements: AgreementsService,
  ) {}

  async execute(c: RequestDeposit): Promise<DepositView & { milestone_id: number }> {
    const ref = await this.access.requireMilestoneViewer(c.versionId, c.actor);
    const depositId = await this.ids.forCreation('deposit_id_seq', `deposit:${c.actor.userId}:${ref.originalId}`, c.idempotencyKey);
    const [account, agreement] = await Promise.all([
      this.bankAccounts.depositAccountOf(c.actor.userId, ref.projectId),
      this.agreements.forDeposit(ref.projectId, ref.originalId),
    ]);
    const { state } = await this.streams.decide(
      milestoneStream,
      ref.originalId,
      {
        type: 'RequestDeposit',
        data: { depositId, bankAccountLast4: account?.last4 ?? null, agreement },
        metadata: metadataOf(c.actor),
        project: projectFactsOf(ref.job),
      },
      { idempotencyKey: c.idempotencyKey },
    );
    // Answered from the milestone as it is now: a replay of this request shows the deposit's
    // current status (settled, returned …), not the "pending" of the first answer.
    const deposit = (state as ActiveMilestone).deposits.find((d) => d.depositId === depositId);
    if (!deposit) throw conflict('deposit_not_in_milestone', 'This deposit is not part of the milestone; reload the page and try again.');
    return { ...depositView(deposit), milestone_id: c.versionId };
  }
}
