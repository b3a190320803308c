import { type BankAccountEvent, type BankAccountsState, maskedAccount } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { BankAccountPersonalData } from './bank-account-personal-data';

const WHEN = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: string) => `${WHEN.format(new Date(iso))} UTC`;

/**
 * Loud notifications (issue 25): a change of where a company's payouts go is mailed to every
 * user of the company and every administrator, with who, when, from which browser and address,
 * and how to undo it; so are its confirmation and undo. A buyer hears of a new deposit account.
 */
@Injectable()
export class BankAccountMails {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly personal: BankAccountPersonalData,
  ) {}

  /** "from <browser> at address <ip>": the request_origins row the event names, unknown once erased. */
  private async originText(originId: string | null | undefined): Promise<string> {
    const origin = await this.personal.origin(originId);
    return `from ${origin?.browser ?? 'an unknown browser'} at address ${origin?.ip ?? 'unknown'}`;
  }

  async after(events: BankAccountEvent[], state: BankAccountsState): Promise<void> {
    for (const event of events) {
      if (event.type === 'PayoutAccountChosen' || event.type === 'PayoutAccountChangeConfirmed' || event.type === 'PayoutAccountChangeUndone') {
        await this.payoutMail(event, state);
      } else if (event.type === 'DepositAccountChosen') {
        await this.depositMail(event, state);
      }
    }
  }

  private masked(state: BankAccountsState, id: number | null): string {
    const account = state.accounts.find((a) => a.bankAccountId === id);
    return account ? `${account.bankName ? `${account.bankName} ` : ''}${maskedAccount(account.last4)}` : 'no account';
  }

  private async payoutMail(
    event: Extract<BankAccountEvent, { type: 'PayoutAccountChosen' | 'PayoutAccountChangeConfirmed' | 'PayoutAccountChangeUndone' }>,
    state: BankAccountsState,
  ): Promise<void> {
    const d = event.data;
    const { rows: people } = await this.pool.query<{ email: string; first_name: string; role: string | null }>(
      `SELECT email, first_name, role FROM users WHERE deleted_at IS NULL AND email IS NOT NULL AND (company_id = $1 OR role = 'admin') ORDER BY user_id`,
      [d.owner.id],
    );
    const { rows: facts } = await this.pool.query<{ company: string; actor: string | null }>(
      'SELECT c.name AS company, (SELECT display_name FROM users WHERE user_id = $2) AS actor FROM companies c WHERE c.company_id = $1',
      [d.owner.id, d.by],
    );
    const company = facts[0]?.company ?? `company ${d.owner.id}`;
    const actor = `${facts[0]?.actor ?? `user ${d.by}`}${d.byRole === 'admin' ? ' (administrator)' : ''}`;
    const origin = await this.originText(d.originId);
    const link = `${this.config.publicUrl}/portal/direct-deposit`;
    let subject: string;
    let lines: string[];
    switch (event.type) {
      case 'PayoutAccountChosen': {
        const hold = event.data.holdUntil;
        subject = `Payout account of ${company} changed`;
        lines = [
          `${actor} changed the account ${company}'s payouts go to, on ${when(d.at)}, ${origin}.`,
          `Payouts now go to ${this.masked(state, d.bankAccountId)}${event.data.previousBankAccountId !== null ? ` instead of ${this.masked(state, event.data.previousBankAccountId)}` : ''}.`,
          hold
            ? `Payouts to ${company} are held until ${when(hold)} unless another user of the company or an administrator confirms the change earlier.`
            : 'This is the first payout account of the company: it takes effect at once.',
          '',
          hold
            ? `If you did not expect this, undo the change now: ${link} (administrators: the company's page in the console).`
            : `If you did not expect this, remove the account and tell us: ${link}`,
        ];
        break;
      }
      case 'PayoutAccountChangeConfirmed':
        subject = `Payout account change of ${company} confirmed`;
        lines = [
          `${actor} confirmed the change of ${company}'s payout account to ${this.masked(state, d.bankAccountId)} on ${when(d.at)}, ${origin}.`,
          'Payouts held for the change go out now.',
          '',
          `Review the company's accounts: ${link}`,
        ];
        break;
      case 'PayoutAccountChangeUndone':
        subject = `Payout account change of ${company} undone`;
        lines = [
          `${actor} undid the change of ${company}'s payout account to ${this.masked(state, d.bankAccountId)} on ${when(d.at)}, ${origin}.`,
          event.data.restoredBankAccountId !== null
            ? `Payouts go to ${this.masked(state, event.data.restoredBankAccountId)} again.`
            : 'The previous account was removed meanwhile: payouts wait until a verified payout account is chosen.',
          '',
          `Review the company's accounts: ${link}`,
        ];
        break;
    }
    for (const person of people) {
      await this.mail.send({
        to: person.email,
        subject,
        text: [`Hello ${person.first_name},`, '', ...lines].join('\n'),
        dedupeKey: `bank-accounts:${event.type}:${d.owner.kind}-${d.owner.id}:${d.bankAccountId}:${d.at}:${person.email}`,
      });
    }
  }

  private async depositMail(event: Extract<BankAccountEvent, { type: 'DepositAccountChosen' }>, state: BankAccountsState): Promise<void> {
    const d = event.data;
    const { rows } = await this.pool.query<{ email: string; first_name: string }>(
      'SELECT email, first_name FROM users WHERE user_id = $1 AND email IS NOT NULL',
      [d.owner.id],
    );
    const buyer = rows[0];
    if (!buyer) return;
    await this.mail.send({
      to: buyer.email,
      subject: 'Your deposit account changed',
      text: [
        `Hello ${buyer.first_name},`,
        '',
        `Deposits are now drawn from ${this.masked(state, d.bankAccountId)}, linked on ${when(d.at)} ${await this.originText(d.originId)}.`,
        'If this was not you, change your password and remove the account at once:',
        `${this.config.publicUrl}/portal/ach`,
      ].join('\n'),
      dedupeKey: `bank-accounts:DepositAccountChosen:${d.owner.id}:${d.bankAccountId}:${buyer.email}`,
    });
  }
}
