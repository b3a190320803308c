import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export interface BankAccountRef {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  holder_name: string;
  bank_name: string | null;
  last4: string;
  job_id: number | null;
  created_at: Date;
}

const COLUMNS = 'bank_account_id, purpose, holder_name, bank_name, last4, job_id, created_at';

/** The accounts money is drawn from (buyers) and paid to (companies). */
@Injectable()
export class BankAccounts {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The buyer's account for a project's deposits: linked for this project, else their latest. */
  async depositAccountOf(userId: number, jobId: number): Promise<BankAccountRef | null> {
    const { rows } = await this.pool.query<BankAccountRef>(
      `SELECT ${COLUMNS} FROM bank_accounts WHERE purpose = 'deposit' AND user_id = $1 AND (job_id = $2 OR job_id IS NULL)
        ORDER BY (job_id = $2) DESC NULLS LAST, created_at DESC LIMIT 1`,
      [userId, jobId],
    );
    return rows[0] ?? null;
  }

  async payoutAccountOf(companyId: number): Promise<BankAccountRef | null> {
    const { rows } = await this.pool.query<BankAccountRef>(
      `SELECT ${COLUMNS} FROM bank_accounts WHERE purpose = 'payout' AND company_id = $1 ORDER BY created_at DESC LIMIT 1`,
      [companyId],
    );
    return rows[0] ?? null;
  }

  async listForUser(userId: number): Promise<BankAccountRef[]> {
    const { rows } = await this.pool.query<BankAccountRef>(`SELECT ${COLUMNS} FROM bank_accounts WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
    return rows;
  }

  /**
   * Links an account. With an idempotency key, the same request again answers the account it
   * linked the first time (replayed: true); the key on a different request is refused (null).
   */
  async add(account: {
    purpose: 'deposit' | 'payout';
    userId: number | null;
    companyId: number | null;
    jobId: number | null;
    holderName: string;
    bankName: string | null;
    last4: string;
    providerToken: string;
    createdBy: number;
    idempotencyKey: string | null;
  }): Promise<{ account: BankAccountRef; replayed: boolean } | null> {
    const { rows } = await this.pool.query<BankAccountRef>(
      `INSERT INTO bank_accounts (purpose, user_id, company_id, job_id, holder_name, bank_name, last4, provider_token, created_by, idempotency_key)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
       ON CONFLICT (created_by, idempotency_key) WHERE idempotency_key IS NOT NULL DO NOTHING
       RETURNING ${COLUMNS}`,
      [
        account.purpose,
        account.userId,
        account.companyId,
        account.jobId,
        account.holderName,
        account.bankName,
        account.last4,
        account.providerToken,
        account.createdBy,
        account.idempotencyKey,
      ],
    );
    if (rows[0]) return { account: rows[0], replayed: false };
    const { rows: earlier } = await this.pool.query<BankAccountRef & { user_id: number | null; company_id: number | null }>(
      `SELECT ${COLUMNS}, user_id, company_id FROM bank_accounts WHERE created_by = $1 AND idempotency_key = $2`,
      [account.createdBy, account.idempotencyKey],
    );
    const first = earlier[0];
    const same =
      first &&
      first.purpose === account.purpose &&
      first.user_id === account.userId &&
      first.company_id === account.companyId &&
      first.job_id === account.jobId &&
      first.holder_name === account.holderName &&
      first.bank_name === account.bankName &&
      first.last4 === account.last4;
    if (!same) return null;
    const { user_id: _user, company_id: _company, ...ref } = first;
    return { account: ref, replayed: true };
  }
}
