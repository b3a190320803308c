import type { BankAccountOwner } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';
import type { HttpOrigin } from './request-origin';

/** A request's address and browser, while not erased. */
export interface OriginFacts {
  ip: string | null;
  browser: string | null;
}

/**
 * The personal data of bank accounts that events must not carry (docs/design.md#no-personal-data-in-events): holder names
 * (bank_account_holders) and the address and browser of each request that changed an account
 * (request_origins, named by the events' `originId`). Both are erased with their user (or a
 * payout account's company) by ON DELETE CASCADE; readers then see no name and "an unknown
 * browser". Written before the events that refer to them, and only when a command will append.
 */
@Injectable()
export class BankAccountPersonalData {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async recordOrigin(originId: string, userId: number | null, http: HttpOrigin): Promise<void> {
    await this.pool.query(
      `INSERT INTO request_origins (origin_id, user_id, ip, user_agent)
       VALUES ($1, (SELECT user_id FROM users WHERE user_id = $2), $3, $4) ON CONFLICT (origin_id) DO NOTHING`,
      [originId, userId, http.ip, http.browser],
    );
  }

  /** The first name given for an account stays (a retried link with the same Idempotency-Key keeps its account). */
  async recordHolder(bankAccountId: number, owner: BankAccountOwner, holderName: string): Promise<void> {
    await this.pool.query(
      `INSERT INTO bank_account_holders (bank_account_id, holder_name, user_id, company_id)
       VALUES ($1, $2, $3, $4) ON CONFLICT (bank_account_id) DO NOTHING`,
      [bankAccountId, holderName, owner.kind === 'user' ? owner.id : null, owner.kind === 'company' ? owner.id : null],
    );
  }

  /** Holder names by account id; an erased or unknown one is missing. */
  async holders(bankAccountIds: Iterable<number | null>): Promise<Map<number, string>> {
    const ids = [...new Set([...bankAccountIds].filter((id): id is number => id !== null))];
    if (ids.length === 0) return new Map();
    const { rows } = await this.pool.query<{ bank_account_id: number; holder_name: string }>(
      'SELECT bank_account_id, holder_name FROM bank_account_holders WHERE bank_account_id = ANY($1)',
      [ids],
    );
    return new Map(rows.map((r) => [r.bank_account_id, r.holder_name]));
  }

  async origin(originId: string | null | undefined): Promise<OriginFacts | null> {
    if (!originId) return null;
    const { rows } = await this.pool.query<{ ip: string | null; user_agent: string | null }>(
      'SELECT ip, user_agent FROM request_origins WHERE origin_id = $1',
      [originId],
    );
    return rows[0] ? { ip: rows[0].ip, browser: rows[0].user_agent } : null;
  }
}
