import type { BankAccountsView } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';
import type { Pool } from 'pg';

import { PG_POOL } from '../../infrastructure/database/database.tokens';
import { type AccountFacts, accountView, changeRights } from '../bank-account.views';

/**
 * GET /api/bank-accounts (a buyer's deposit accounts, a company user's payout accounts) and an
 * administrator's GET /api/admin/companies/:id/bank-accounts: from the read model.
 */
export class ListBankAccounts extends Query<BankAccountsView> {
  constructor(
    readonly owners: { userId: number | null; companyId: number | null },
    readonly viewer: { userId: number; admin: boolean },
  ) {
    super();
  }
}

interface AccountRow {
  bank_account_id: number;
  owner_kind: 'company' | 'user';
  owner_id: number;
  purpose: 'deposit' | 'payout';
  job_id: number | null;
  /** Joined from bank_account_holders: null once erased. */
  holder_name: string | null;
  bank_name: string | null;
  last4: string;
  status: AccountFacts['status'];
  tries_left: number;
  created_at: Date;
}

interface OwnerRow {
  payout_account_id: number | null;
  change_to: number | null;
  change_from: number | null;
  changed_at: Date | null;
  changed_by_name: string | null;
  changed_by: number | null;
  /** Joined from request_origins (the row change_origin_id names): null once erased. */
  change_browser: string | null;
  change_ip: string | null;
  hold_until: Date | null;
}

/** The read model's account with its holder's name, joined at query time (personal data is never projected). */
const ACCOUNT_COLUMNS = 'a.*, h.holder_name FROM linked_bank_accounts a LEFT JOIN bank_account_holders h ON h.bank_account_id = a.bank_account_id';

const factsOfRow = (r: AccountRow): AccountFacts => ({
  bankAccountId: r.bank_account_id,
  purpose: r.purpose,
  holderName: r.holder_name ?? '',
  bankName: r.bank_name,
  last4: r.last4,
  status: r.status,
  triesLeft: r.tries_left,
  jobId: r.job_id,
  createdAt: r.created_at.toISOString(),
});

@QueryHandler(ListBankAccounts)
export class ListBankAccountsHandler implements IQueryHandler<ListBankAccounts> {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async execute({ owners, viewer }: ListBankAccounts): Promise<BankAccountsView> {
    const { rows } = await this.pool.query<AccountRow>(
      `SELECT ${ACCOUNT_COLUMNS} WHERE a.status <> 'removed' AND ((a.owner_kind = 'user' AND a.owner_id = $1) OR (a.owner_kind = 'company' AND a.owner_id = $2))
        ORDER BY a.created_at DESC, a.bank_account_id DESC`,
      [owners.userId, owners.companyId],
    );
    const owner = owners.companyId === null ? null : await this.payoutOwnerRow(owners.companyId);
    const payoutId = owner?.payout_account_id ?? null;
    const view = (r: AccountRow) => accountView(factsOfRow(r), payoutId);
    const byId = async (id: number | null) => {
      if (id === null) return null;
      const found = rows.find((r) => r.bank_account_id === id);
      if (found) return view(found);
      const { rows: other } = await this.pool.query<AccountRow>(`SELECT ${ACCOUNT_COLUMNS} WHERE a.bank_account_id = $1`, [id]);
      return other[0] ? view(other[0]) : null;
    };
    const held = owner && owner.hold_until && owner.hold_until.getTime() > Date.now() && owner.change_to !== null ? owner : null;
    return {
      deposit_accounts: rows.filter((r) => r.purpose === 'deposit' && r.owner_kind === 'user').map(view),
      payout_accounts: rows.filter((r) => r.purpose === 'payout' && r.owner_kind === 'company').map(view),
      payout_account: await byId(payoutId),
      payout_change: held
        ? {
            changed_at: held.changed_at!.toISOString(),
            changed_by_name: held.changed_by_name ?? 'a former user',
            browser: held.change_browser,
            ip: held.change_ip,
            from: await byId(held.change_from),
            to: (await byId(held.change_to))!,
            hold_until: held.hold_until!.toISOString(),
            ...changeRights(viewer, held.changed_by!),
          }
        : null,
    };
  }

  private async payoutOwnerRow(companyId: number): Promise<OwnerRow | null> {
    const { rows } = await this.pool.query<OwnerRow>(
      `SELECT o.*, u.display_name AS changed_by_name, r.user_agent AS change_browser, r.ip AS change_ip
         FROM bank_account_owners o LEFT JOIN users u ON u.user_id = o.changed_by LEFT JOIN request_origins r ON r.origin_id = o.change_origin_id
        WHERE o.owner_kind = 'company' AND o.owner_id = $1`,
      [companyId],
    );
    return rows[0] ?? null;
  }
}
