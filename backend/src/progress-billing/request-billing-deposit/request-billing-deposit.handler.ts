import { type BillingDepositView, conflict } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { AgreementsService } from '../../agreements';
import { IdsService } from '../../command-side';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { inOneRoundTrip } from '../../infrastructure/database/one-round-trip';
import { BankAccounts } from '../../payments';
import { BillingCommands } from '../billing-commands';
import { billingDepositView } from '../escrow.view';
import { RequestBillingDepositCommand } from './request-billing-deposit.command';

/** The agreement lists no milestone on a progress-billed project: only its signatures count. */
const NO_MILESTONE = 0;

@CommandHandler(RequestBillingDepositCommand)
export class RequestBillingDepositHandler implements ICommandHandler<RequestBillingDepositCommand> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly billing: BillingCommands,
    private readonly ids: IdsService,
    private readonly bankAccounts: BankAccounts,
    private readonly agreements: AgreementsService,
  ) {}

  async execute(c: RequestBillingDepositCommand): Promise<BillingDepositView> {
    // Who may act is checked before an id is spent: a refused caller learns nothing and takes nothing.
    await this.billing.requireReader(c.projectId, c.actor);
    // One id per Idempotency-Key: a retried (or parallel) request decides the same deposit, and
    // its event id (from the key) appends nothing new.
    const [depositId, account, agreement] = await Promise.all(
      inOneRoundTrip(
        this.pool,
        () =>
          [
            this.ids.forCreation('deposit_id_seq', `billing-deposit:${c.actor.userId}:${c.projectId}`, c.idempotencyKey),
            this.bankAccounts.depositAccountOf(c.actor.userId, c.projectId),
            this.agreements.forDeposit(c.projectId, NO_MILESTONE),
          ] as const,
      ),
    );
    const { state } = await this.billing.decide(
      c.actor,
      c.projectId,
      { type: 'RequestBillingDeposit', data: { depositId, amount: c.amount, bankAccountLast4: account?.last4 ?? null, agreement } },
      c.idempotencyKey,
    );
    const deposit = state.status === 'active' ? state.deposits.find((d) => d.depositId === depositId) : undefined;
    if (!deposit) throw conflict('deposit_not_in_milestone', 'This deposit is not part of the project; reload the page and try again.');
    return billingDepositView(deposit);
  }
}
