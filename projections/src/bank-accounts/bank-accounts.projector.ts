import { BANK_ACCOUNT_EVENT_TYPES, type BankAccountEvent, type RecordedEvent } from '@escrow/domain';

import type { ProjectionContext, Projector } from '../runner/projector';

const BANK_ACCOUNTS_PROJECTOR = 'bank-accounts';

const NO_CHANGE = 'change_to = NULL, change_from = NULL, changed_at = NULL, changed_by = NULL, change_origin_id = NULL, hold_until = NULL';

/**
 * Bank accounts per owner (company payout accounts, buyer deposit accounts) with their status,
 * the chosen payout and deposit account, and the payout account change still held. Few events,
 * each a statement or two: bank accounts change rarely.
 */
export class BankAccountsProjector implements Projector {
  readonly name = BANK_ACCOUNTS_PROJECTOR;
  /** 2: no personal data in the rows (holder name, browser and address are joined at query time). */
  readonly version = 2;
  readonly tables = ['linked_bank_accounts', 'bank_account_owners'] as const;
  readonly handles = BANK_ACCOUNT_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const accounts = context.table('linked_bank_accounts');
    const owners = context.table('bank_account_owners');
    for (const recorded of events) {
      const event = { type: recorded.type, data: recorded.data } as BankAccountEvent;
      const d = event.data;
      const owner = [d.owner.kind, d.owner.id];
      const setStatus = (status: string, triesLeft: number | null = null) =>
        context.query(`UPDATE ${accounts} SET status = $2, tries_left = coalesce($3, tries_left) WHERE bank_account_id = $1`, [
          d.bankAccountId,
          status,
          triesLeft,
        ]);
      const setPayout = async (id: number | null, change: string, params: unknown[] = []) => {
        await context.query(`UPDATE ${owners} SET payout_account_id = $3, ${change} WHERE owner_kind = $1 AND owner_id = $2`, [...owner, id, ...params]);
      };
      switch (event.type) {
        case 'BankAccountLinked':
          await context.query(
            `INSERT INTO ${accounts} (bank_account_id, owner_kind, owner_id, purpose, job_id, bank_name, last4, status, tries_left, created_at, created_by)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 3, $9, $10)`,
            [
              d.bankAccountId,
              ...owner,
              event.data.purpose,
              event.data.jobId,
              event.data.bankName,
              event.data.last4,
              event.data.purpose === 'deposit' ? 'verified' : 'pending_verification',
              d.at,
              d.by,
            ],
          );
          await context.query(`INSERT INTO ${owners} (owner_kind, owner_id) VALUES ($1, $2) ON CONFLICT DO NOTHING`, owner);
          break;
        case 'MicroDepositsSent':
          break;
        case 'BankAccountVerificationFailed':
          await context.query(`UPDATE ${accounts} SET tries_left = $2 WHERE bank_account_id = $1`, [d.bankAccountId, event.data.triesLeft]);
          break;
        case 'BankAccountLocked':
          await setStatus('locked', 0);
          break;
        case 'BankAccountVerified':
          await setStatus('verified');
          break;
        case 'PayoutAccountChosen':
          if (event.data.holdUntil === null) await setPayout(d.bankAccountId, NO_CHANGE);
          else
            await setPayout(d.bankAccountId, 'change_to = $3, change_from = $4, changed_at = $5, changed_by = $6, change_origin_id = $7, hold_until = $8', [
              event.data.previousBankAccountId,
              d.at,
              d.by,
              d.originId ?? null,
              event.data.holdUntil,
            ]);
          break;
        case 'PayoutAccountChangeConfirmed':
          await context.query(`UPDATE ${owners} SET ${NO_CHANGE} WHERE owner_kind = $1 AND owner_id = $2`, owner);
          break;
        case 'PayoutAccountChangeUndone':
          await setPayout(event.data.restoredBankAccountId, NO_CHANGE);
          break;
        case 'DepositAccountChosen':
          await context.query(`UPDATE ${owners} SET deposit_account_id = $3 WHERE owner_kind = $1 AND owner_id = $2`, [...owner, d.bankAccountId]);
          break;
        case 'BankAccountRemoved':
          await setStatus('removed');
          await context.query(
            `UPDATE ${owners} SET payout_account_id = NULL, ${NO_CHANGE} WHERE owner_kind = $1 AND owner_id = $2 AND payout_account_id = $3`,
            [...owner, d.bankAccountId],
          );
          // The deposit account falls back to the newest one left (each link chose its account).
          await context.query(
            `UPDATE ${owners} o SET deposit_account_id = (
                SELECT a.bank_account_id FROM ${accounts} a WHERE a.owner_kind = o.owner_kind AND a.owner_id = o.owner_id
                   AND a.purpose = 'deposit' AND a.status <> 'removed' ORDER BY a.created_at DESC, a.bank_account_id DESC LIMIT 1)
              WHERE o.owner_kind = $1 AND o.owner_id = $2 AND o.deposit_account_id = $3`,
            [...owner, d.bankAccountId],
          );
          break;
      }
    }
  }
}
