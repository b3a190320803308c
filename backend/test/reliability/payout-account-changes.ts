import { type BankAccountEvent, foldBankAccounts, payoutDestination } from '@escrow/domain';
import type { Pool } from 'pg';

import type { Action, Actor } from './escrow-simulation';
import type { RetryingCommands } from './retrying-commands';
import type { SeededRandom } from './seeded-random';

const ROUTING = '011000015';

/**
 * Sellers change their company's payout account (link, confirm the sandbox's micro-deposits,
 * choose it: held for PAYOUT_CHANGE_HOLD), and an administrator confirms or the seller undoes a
 * change, while payouts flow and the API is killed. What a round plans depends on the seed and
 * on what earlier rounds planned only: a confirm or undo planned after its hold ran out is
 * refused (409) and changes nothing, which the action accepts.
 */
export class PayoutAccountChanges {
  /**
   * Companies with a change made and not yet confirmed or undone (by what ran, not by the clock:
   * the actions of a round finish before the next is planned).
   */
  private readonly pending = new Set<number>();
  private accountNumber = 0;

  constructor(
    private readonly random: SeededRandom,
    private readonly sellers: Actor[],
    private readonly admins: Actor[],
    private readonly commands: RetryingCommands,
  ) {}

  candidates(): Action[] {
    return this.sellers.flatMap((seller) => this.candidatesOf(seller));
  }

  private candidatesOf(seller: Actor): Action[] {
    const r = this.random;
    const companyId = seller.companyId!;
    const stream = `bank-accounts-company-${companyId}`;
    if (this.pending.has(companyId)) {
      const admin = r.pick(this.admins);
      const confirm = r.chance(0.5);
      // Listed three times: a round picks it far more often than any one milestone's action,
      // so some confirmations and undos land inside the hold (a mailed person acts soon).
      const decision: Action = confirm
        ? {
            label: `payout account change of company ${companyId} confirmed by ${admin.name}`,
            stream,
            run: async () => {
              this.pending.delete(companyId);
              await this.commands.send(admin.client, 'POST', `/api/admin/companies/${companyId}/payout-change/confirm`, {}, { accept: [409] });
            },
          }
        : {
            label: `payout account change of company ${companyId} undone by ${seller.name}`,
            stream,
            run: async () => {
              this.pending.delete(companyId);
              await this.commands.send(seller.client, 'POST', '/api/bank-accounts/payout-change/undo', {}, { accept: [409] });
            },
          };
      return [decision, decision, decision];
    }
    if (!r.chance(0.4)) return [];
    const number = `0007${String(++this.accountNumber).padStart(8, '0')}`;
    return [
      {
        label: `${seller.name} changes the payout account to …${number.slice(-4)}`,
        stream,
        run: async () => {
          this.pending.add(companyId);
          const linked = await this.commands.send<{ bank_account_id: number }>(seller.client, 'POST', '/api/bank-accounts', {
            purpose: 'payout',
            holder_name: seller.user.name,
            routing_number: ROUTING,
            account_number: number,
          });
          const id = linked.body.bank_account_id;
          await this.commands.send(seller.client, 'POST', `/api/bank-accounts/${id}/verify`, { amounts: ['0.45', '0.32'] });
          await this.commands.send(seller.client, 'POST', `/api/bank-accounts/${id}/payout`, {});
        },
      },
    ];
  }
}

/**
 * Every DisbursementPaid and RetainagePaid names the account its claim named, and that account
 * was the company's eligible payout account (verified, not inside a change's hold) when the
 * dispatcher claimed the payment: by the company's events recorded up to the claim, or (the
 * dispatcher read the stream a moment before a change committed) up to just before the last one
 * of them recorded within a second of the claim.
 */
export async function checkPayoutsWentToEligibleAccounts(
  pool: Pool,
): Promise<{ violations: string[]; paid: number; changes: number; confirmed: number; undone: number }> {
  const { rows: paid } = await pool.query<{
    type: string;
    company_id: number;
    account_id: number | null;
    claimed_account_id: number | null;
    claimed_at: Date;
    instruction_key: string;
  }>(
    `SELECT e.type, (e.data->>'companyId')::int AS company_id, (e.data->'payoutAccount'->>'bankAccountId')::int AS account_id,
            s.payout_bank_account_id AS claimed_account_id, s.submitted_at AS claimed_at, s.instruction_key
       FROM events e
       JOIN payment_instructions i ON i.original_id = (e.data->>'originalId')::int
        AND ((e.type = 'DisbursementPaid' AND i.kind = 'payout' AND i.reference_id = (e.data->>'disbursementId')::int)
          OR (e.type = 'RetainagePaid' AND i.kind = 'retainage' AND i.reference_id = (e.data->>'payeeId')::int))
       JOIN payment_submissions s USING (instruction_key)
      WHERE e.type IN ('DisbursementPaid', 'RetainagePaid')`,
  );
  const { rows: accountEvents } = await pool.query<{ stream_id: string; type: string; data: unknown; recorded_at: Date }>(
    `SELECT stream_id, type, data, recorded_at FROM events WHERE stream_id LIKE 'bank-accounts-company-%' ORDER BY stream_id, stream_revision`,
  );
  const byCompany = new Map<number, { event: BankAccountEvent; at: number }[]>();
  for (const row of accountEvents) {
    const companyId = Number(row.stream_id.slice('bank-accounts-company-'.length));
    const list = byCompany.get(companyId) ?? [];
    list.push({ event: { type: row.type, data: row.data } as BankAccountEvent, at: row.recorded_at.getTime() });
    byCompany.set(companyId, list);
  }
  const violations: string[] = [];
  for (const p of paid) {
    const what = `${p.type} of instruction ${p.instruction_key} (company ${p.company_id})`;
    if (p.account_id === null) {
      violations.push(`${what} names no account`);
      continue;
    }
    if (p.account_id !== p.claimed_account_id) violations.push(`${what} names account ${p.account_id}, its claim named ${p.claimed_account_id}`);
    const events = byCompany.get(p.company_id) ?? [];
    const claimedAt = p.claimed_at.getTime();
    const upTo = events.filter((e) => e.at <= claimedAt);
    const eligibleAfter = (history: typeof events) => {
      const destination = payoutDestination(foldBankAccounts(history.map((e) => e.event)), p.claimed_at.toISOString());
      return 'account' in destination && destination.account.bankAccountId === p.account_id;
    };
    const lastRecent = upTo.length > 0 && claimedAt - upTo[upTo.length - 1]!.at < 1000;
    if (!eligibleAfter(upTo) && !(lastRecent && eligibleAfter(upTo.slice(0, -1)))) {
      violations.push(`${what} was paid to account ${p.account_id}, which was not the company's eligible payout account when it was claimed`);
    }
  }
  const count = (type: string) => accountEvents.filter((e) => e.type === type).length;
  const changes = accountEvents.filter((e) => e.type === 'PayoutAccountChosen' && (e.data as { holdUntil: string | null }).holdUntil !== null).length;
  return { violations, paid: paid.length, changes, confirmed: count('PayoutAccountChangeConfirmed'), undone: count('PayoutAccountChangeUndone') };
}
