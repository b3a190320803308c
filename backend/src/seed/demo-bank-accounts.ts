import { type BankAccountCommand, type BankAccountOwner, type CommandMetadata, SANDBOX_MICRO_DEPOSITS } from '@escrow/domain';

import type { EventStreams, IdsService } from '../command-side';
import { type BankAccountPersonalData, companyBankAccountsStream, eventOriginOf } from '../payments';
import type { DemoDirectory } from './demo-seed';

/** The seed's "browser" in request_origins (no person, no address). */
const SEED = { sessionId: null, ip: null, browser: 'demo seed' };

/**
 * Every demo company gets a verified payout account, as events through the same commands people
 * use (linked, micro-deposits confirmed, chosen), so the demo walks from start to paid. The
 * seller company's is linked by the demo seller; companies without users by the seed (actor 0).
 * The demo buyer links a deposit account in the deposit dialog, as the README's walk says.
 */
export async function seedDemoBankAccounts(streams: EventStreams, ids: IdsService, personal: BankAccountPersonalData, demo: DemoDirectory): Promise<void> {
  const now = () => new Date().toISOString();
  // Holder names and the seed's origin live in the erasable tables, never in events (docs/design.md#no-personal-data-in-events).
  const ORIGIN = eventOriginOf(SEED);
  await personal.recordOrigin(ORIGIN.originId!, null, SEED);
  for (const [index, companyId] of demo.companyIds.entries()) {
    const [bankAccountId] = await ids.next('bank_account_id_seq');
    const owner: BankAccountOwner = { kind: 'company', id: companyId };
    const metadata = (): CommandMetadata => ({
      now: now(),
      actorId: companyId === demo.sellerCompanyId ? demo.sellerId : 0,
      actorRole: 'company',
      actorCompanyId: companyId,
    });
    await personal.recordHolder(bankAccountId!, owner, `Demo company ${companyId}`);
    const commands: BankAccountCommand[] = [
      {
        type: 'LinkBankAccount',
        data: {
          owner,
          origin: ORIGIN,
          bankAccountId: bankAccountId!,
          purpose: 'payout',
          jobId: null,
          bankName: 'Sandbox Bank',
          last4: String(4100 + index),
          providerToken: `sbx_ba_demo_${bankAccountId}`,
          microDeposits: [...SANDBOX_MICRO_DEPOSITS],
        },
        metadata: metadata(),
      },
      { type: 'VerifyBankAccount', data: { owner, origin: ORIGIN, bankAccountId: bankAccountId!, amounts: [...SANDBOX_MICRO_DEPOSITS] }, metadata: metadata() },
      { type: 'ChoosePayoutAccount', data: { owner, origin: ORIGIN, bankAccountId: bankAccountId!, hold: { seconds: 0 } }, metadata: metadata() },
    ];
    for (const command of commands) await streams.decide(companyBankAccountsStream, companyId, command);
  }
}
