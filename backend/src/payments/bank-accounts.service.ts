import {
  type BankAccount,
  type BankAccountOwner,
  type BankAccountsState,
  depositAccountFor,
  type PayoutAccountRef,
  payoutDestination,
  type PayoutHold,
} from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams } from '../command-side';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { bankAccountsStreamOf } from './bank-account-streams';

/**
 * The accounts money is drawn from (buyers) and paid to (companies): the write side's state of
 * an owner's stream for decisions (which account a deposit is drawn from, where a payout may go),
 * the read model for an account's owner (ListBankAccounts reads the lists).
 */
@Injectable()
export class BankAccounts {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
  ) {}

  stateOf(owner: BankAccountOwner): Promise<BankAccountsState> {
    return this.streams.current(bankAccountsStreamOf(owner), owner.id);
  }

  /** The buyer's account for a project's deposits (write side: no read model lag decides where money comes from). */
  async depositAccountOf(userId: number, projectId: number): Promise<BankAccount | null> {
    return depositAccountFor(await this.stateOf({ kind: 'user', id: userId }), projectId);
  }

  /** Where a payout to this company may go now, or why it waits: the domain's one rule, on the write side's state. */
  async payoutDestinationOf(companyId: number, now: string): Promise<{ account: PayoutAccountRef } | { held: PayoutHold }> {
    return payoutDestination(await this.stateOf({ kind: 'company', id: companyId }), now);
  }

  /** Whose account this is, from the read model (null: no such account). */
  async ownerOf(bankAccountId: number): Promise<BankAccountOwner | null> {
    const { rows } = await this.pool.query<{ owner_kind: 'company' | 'user'; owner_id: number }>(
      'SELECT owner_kind, owner_id FROM linked_bank_accounts WHERE bank_account_id = $1',
      [bankAccountId],
    );
    return rows[0] ? { kind: rows[0].owner_kind, id: rows[0].owner_id } : null;
  }

  async displayNames(userIds: number[]): Promise<Map<number, string>> {
    const { rows } = await this.pool.query<{ user_id: number; display_name: string }>('SELECT user_id, display_name FROM users WHERE user_id = ANY($1)', [
      userIds,
    ]);
    return new Map(rows.map((r) => [r.user_id, r.display_name]));
  }
}
