import { type BankAccountCommand, type BankAccountOwner, type CommandMetadata, SANDBOX_MICRO_DEPOSITS } from '@escrow/domain';
import { Inject, Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import type { Pool } from 'pg';

import { EventStreams, nowIso } from '../command-side';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { BankAccountPersonalData } from './bank-account-personal-data';
import { bankAccountsStreamOf } from './bank-account-streams';
import { eventOriginOf } from './request-origin';

interface LegacyRow {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  user_id: number | null;
  company_id: number | null;
  job_id: number | null;
  holder_name: string;
  bank_name: string | null;
  last4: string;
  provider_token: string;
  created_by: number | null;
  newest_payout: boolean;
}

/** The import's "browser" in request_origins (no person, no address). */
const IMPORT = { sessionId: null, ip: null, browser: 'one-time import of the bank_accounts table' };

/**
 * The one-time import of the rows of the old `bank_accounts` table (from before bank accounts
 * were events) into their owners' streams, with their ids. Each row becomes BankAccountLinked;
 * a payout account, already paying before, is verified with the sandbox's micro-deposits, and
 * the newest payout account of each company is chosen (a company's first: no hold), as the
 * table's "newest wins" had it. Idempotent: a row already on its stream changes nothing, so
 * every process may run it at start, at once.
 */
@Injectable()
export class LegacyBankAccountsImport implements OnApplicationBootstrap {
  private readonly logger = new Logger('BankAccounts');

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly streams: EventStreams,
    private readonly personal: BankAccountPersonalData,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    const imported = await this.run();
    if (imported > 0) this.logger.log(`imported ${imported} bank account(s) of the old bank_accounts table as events`);
  }

  /** Imports every row not yet on its stream; answers how many it imported. */
  async run(): Promise<number> {
    const { rows } = await this.pool.query<LegacyRow>(
      `SELECT * FROM (
         SELECT b.*, b.purpose = 'payout' AND row_number() OVER (PARTITION BY b.purpose, b.company_id ORDER BY b.created_at DESC, b.bank_account_id DESC) = 1 AS newest_payout
           FROM bank_accounts b) b
        WHERE NOT EXISTS (SELECT 1 FROM linked_bank_accounts l WHERE l.bank_account_id = b.bank_account_id)
        ORDER BY b.created_at, b.bank_account_id`,
    );
    let imported = 0;
    for (const row of rows) if (await this.importRow(row)) imported++;
    return imported;
  }

  private async importRow(row: LegacyRow): Promise<boolean> {
    const owner: BankAccountOwner = row.purpose === 'payout' ? { kind: 'company', id: row.company_id! } : { kind: 'user', id: row.user_id! };
    const stream = bankAccountsStreamOf(owner);
    if ((await this.streams.current(stream, owner.id)).accounts.some((a) => a.bankAccountId === row.bank_account_id)) return false;
    const metadata = (): CommandMetadata =>
      owner.kind === 'company'
        ? { now: nowIso(), actorId: row.created_by ?? 0, actorRole: 'company', actorCompanyId: owner.id }
        : { now: nowIso(), actorId: owner.id, actorRole: 'customer', actorCompanyId: null };
    const payout = owner.kind === 'company';
    // Personal data to its erasable tables first, the events name the origin only (docs/design.md#no-personal-data-in-events).
    const ORIGIN = eventOriginOf(IMPORT);
    await this.personal.recordOrigin(ORIGIN.originId!, null, IMPORT);
    await this.personal.recordHolder(row.bank_account_id, owner, row.holder_name);
    const commands: BankAccountCommand[] = [
      {
        type: 'LinkBankAccount',
        data: {
          owner,
          origin: ORIGIN,
          bankAccountId: row.bank_account_id,
          purpose: row.purpose,
          jobId: row.job_id,
          bankName: row.bank_name,
          last4: row.last4,
          providerToken: row.provider_token,
          microDeposits: payout ? [...SANDBOX_MICRO_DEPOSITS] : null,
        },
        metadata: metadata(),
      },
      ...(payout
        ? ([
            {
              type: 'VerifyBankAccount',
              data: { owner, origin: ORIGIN, bankAccountId: row.bank_account_id, amounts: [...SANDBOX_MICRO_DEPOSITS] },
              metadata: metadata(),
            },
          ] as BankAccountCommand[])
        : []),
      ...(row.newest_payout
        ? ([
            {
              type: 'ChoosePayoutAccount',
              data: { owner, origin: ORIGIN, bankAccountId: row.bank_account_id, hold: { seconds: 0 } },
              metadata: metadata(),
            },
          ] as BankAccountCommand[])
        : []),
    ];
    for (const command of commands) await this.streams.decide(stream, owner.id, command);
    return true;
  }
}
