import type { RecordedEvent } from '../event-store/event-store.port';
import { upcastEvent } from '../event-store/upcasting';
import { schemaVersionOf } from '../milestones/upcasters';
import { evolveBankAccounts, initialBankAccountsState } from './bank-accounts.state';
import type { BankAccountEvent } from './events';
import { BANK_ACCOUNT_UPCASTERS } from './upcasters';

const recorded = (type: string, data: unknown, schemaVersion = 1): RecordedEvent =>
  ({
    id: 'e',
    streamId: 'bank-accounts-company-20',
    revision: 0n,
    position: { commit: 1n, prepare: 1n },
    type,
    data,
    metadata: { schemaVersion },
    recordedAt: new Date(),
  }) as unknown as RecordedEvent;

const acted = { by: 21, byRole: 'user', sessionId: 's-1', ip: '203.0.113.9', browser: 'Firefox on Linux' };
const owner = { kind: 'company', id: 20 };

describe('bank-account events written with personal data (version 1)', () => {
  it('read without the holder name, address and browser, and with no origin', () => {
    const linked = upcastEvent(
      recorded('BankAccountLinked', {
        ...acted,
        owner,
        at: '2026-11-23T09:00:00.000Z',
        bankAccountId: 1,
        purpose: 'payout',
        jobId: null,
        holderName: 'Ridge Builders LLC',
        bankName: 'First Sandbox Bank',
        last4: '6789',
        providerToken: 'sbx_ba_1',
      }),
      BANK_ACCOUNT_UPCASTERS,
    );
    expect(linked.metadata.schemaVersion).toBe(2);
    expect(linked.data).toEqual({
      by: 21,
      byRole: 'user',
      sessionId: 's-1',
      originId: null,
      owner,
      at: '2026-11-23T09:00:00.000Z',
      bankAccountId: 1,
      purpose: 'payout',
      jobId: null,
      bankName: 'First Sandbox Bank',
      last4: '6789',
      providerToken: 'sbx_ba_1',
    });
    const state = evolveBankAccounts(initialBankAccountsState, { type: linked.type, data: linked.data } as BankAccountEvent);
    expect(state.accounts[0]).toMatchObject({ bankAccountId: 1, last4: '6789', status: 'pending_verification' });
    expect(state.accounts[0]).not.toHaveProperty('holderName');
  });

  it('leaves version 2 events and malformed ones alone, and writes version 2', () => {
    const current = { ...acted, ip: undefined, browser: undefined, originId: 'o-1', owner, at: 'x', bankAccountId: 1 };
    expect(upcastEvent(recorded('BankAccountVerified', current, 2), BANK_ACCOUNT_UPCASTERS).data).toBe(current);
    expect(upcastEvent(recorded('BankAccountVerified', null), BANK_ACCOUNT_UPCASTERS).data).toBeNull();
    expect(schemaVersionOf('PayoutAccountChosen')).toBe(2);
    expect(schemaVersionOf('BankAccountLinked')).toBe(2);
  });
});
