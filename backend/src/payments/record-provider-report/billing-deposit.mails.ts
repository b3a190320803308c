import { type BillingEvent, formatDollars } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { describeReturnWindow } from '../../config/return-window';
import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import type { PaymentInstruction } from '../payment-provider.port';
import { ReturnWindowPolicy } from '../return-window-policy';

type Lost = Extract<BillingEvent, { type: 'BillingDepositReturned' | 'BillingDepositFailed' }>;

/**
 * A progress-billed project's deposit the bank returned or the provider failed, told to both
 * parties as a milestone's returned deposit is: the buyer must deposit again, the seller should
 * not count on the funds. One mail per person and deposit (a repeated report sends nothing new).
 */
@Injectable()
export class BillingDepositMails {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    private readonly policy: ReturnWindowPolicy,
  ) {}

  async after(events: readonly BillingEvent[], instruction: PaymentInstruction): Promise<void> {
    const lost = events.find((e): e is Lost => e.type === 'BillingDepositReturned' || e.type === 'BillingDepositFailed');
    if (!lost) return;
    const { rows } = await this.pool.query<{ email: string; first_name: string; service: string }>(
      `SELECT u.email, u.first_name, j.service FROM jobs j JOIN users u ON u.user_id = j.customer_id OR (j.primary_company_id IS NOT NULL AND u.company_id = j.primary_company_id)
        WHERE j.job_id = $1 AND u.email IS NOT NULL AND u.deleted_at IS NULL ORDER BY u.user_id`,
      [instruction.projectId],
    );
    const project = instruction.projectId;
    const debit = formatDollars(instruction.amount);
    for (const person of rows) {
      const what =
        lost.type === 'BillingDepositReturned'
          ? `The buyer's bank returned the ACH deposit of ${debit} into the escrow balance of project ${project} (${person.service}): ${lost.data.returnCode} ${lost.data.reason}.`
          : `The ACH deposit of ${debit} into the escrow balance of project ${project} (${person.service}) failed: ${lost.data.reason}.`;
      await this.mail.send({
        to: person.email,
        subject: lost.type === 'BillingDepositReturned' ? `Deposit returned by the bank on project ${project}` : `Deposit failed on project ${project}`,
        text: [
          `Hello ${person.first_name},`,
          '',
          what,
          `Pay applications are paid only from cleared funds, and nothing will be paid to the payees from this deposit. The buyer can deposit again from the project's Billing tab (funds clear ${describeReturnWindow(this.policy.window)} after they settle).`,
          '',
          `${this.config.publicUrl}/portal/job/${project}`,
        ].join('\n'),
        dedupeKey: `billing-deposit-${lost.type === 'BillingDepositReturned' ? 'returned' : 'failed'}:${instruction.instructionKey}:${person.email}`,
      });
    }
  }
}
