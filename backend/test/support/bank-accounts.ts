import { randomUUID } from 'node:crypto';

import { type BankAccountCommand, type BankAccountOwner, type CommandMetadata, SANDBOX_MICRO_DEPOSITS } from '@escrow/domain';
import type { Pool } from 'pg';

import { EventStreams } from '../../src/command-side/event-streams';
import { upcasting } from '../../src/event-store/event-store.factory';
import { PostgresEventStore } from '../../src/event-store/postgres/postgres-event-store';
import { companyBankAccountsStream } from '../../src/payments/bank-account-streams';

/**
 * Gives a company a verified payout account the way the product does (events on its stream:
 * linked, micro-deposits confirmed, chosen), without HTTP: for tests whose subject is not the
 * bank account. The company's first payout account pays at once; a later one is a change, held
 * for `holdSeconds` (0 by default: it pays at once too).
 */
export async function linkVerifiedPayoutAccount(
  pool: Pool,
  companyId: number,
  byUserId: number,
  options: { last4?: string; bankName?: string; holdSeconds?: number } = {},
): Promise<number> {
  const streams = new EventStreams(upcasting(new PostgresEventStore({ pool })));
  const { rows } = await pool.query<{ id: string }>("SELECT nextval('bank_account_id_seq') AS id");
  const bankAccountId = Number(rows[0]!.id);
  const owner: BankAccountOwner = { kind: 'company', id: companyId };
  // As the product does: the holder and the request's origin in their erasable tables, ids in the events.
  const origin = { originId: randomUUID(), sessionId: null };
  await pool.query("INSERT INTO request_origins (origin_id, user_id, ip, user_agent) VALUES ($1, NULL, '127.0.0.1', 'test setup')", [origin.originId]);
  await pool.query("INSERT INTO bank_account_holders (bank_account_id, holder_name, company_id) VALUES ($1, 'Test Payee LLC', $2)", [bankAccountId, companyId]);
  const metadata = (): CommandMetadata => ({ now: new Date().toISOString(), actorId: byUserId, actorRole: 'company', actorCompanyId: companyId });
  const commands: BankAccountCommand[] = [
    {
      type: 'LinkBankAccount',
      data: {
        owner,
        origin,
        bankAccountId,
        purpose: 'payout',
        jobId: null,
        bankName: options.bankName ?? 'Sandbox Test Bank',
        last4: options.last4 ?? String(bankAccountId % 10_000).padStart(4, '0'),
        providerToken: `sbx_ba_test_${bankAccountId}`,
        microDeposits: [...SANDBOX_MICRO_DEPOSITS],
      },
      metadata: metadata(),
    },
    { type: 'VerifyBankAccount', data: { owner, origin, bankAccountId, amounts: [...SANDBOX_MICRO_DEPOSITS] }, metadata: metadata() },
    { type: 'ChoosePayoutAccount', data: { owner, origin, bankAccountId, hold: { seconds: options.holdSeconds ?? 0 } }, metadata: metadata() },
  ];
  for (const command of commands) await streams.decide(companyBankAccountsStream, companyId, command);
  return bankAccountId;
}
