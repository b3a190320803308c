import { DomainError } from '../shared/errors';
import { LOCKED_MESSAGE, OWN_CHANGE_MESSAGE, UNVERIFIED_MESSAGE } from './bank-accounts.decider';
import { foldBankAccounts } from './bank-accounts.state';
import { as, choose, confirm, given, linkDeposit, linkPayout, now, remove, run, tick, undo, verify, withPayoutAccount } from './bank-accounts.test-kit';
import { holdEnd, parsePayoutChangeHold, payoutDestination, payoutHoldText } from './payout-destination';

const types = (events: { type: string }[]) => events.map((e) => e.type);
const rejects = (fn: () => unknown, message: string) => {
  expect(fn).toThrow(DomainError);
  expect(fn).toThrow(message);
};

describe('bank accounts decider', () => {
  it('links a payout account pending its two micro-deposits, naming who linked it from which session', () => {
    const events = given([]).when(linkPayout(1));
    expect(types(events)).toEqual(['BankAccountLinked', 'MicroDepositsSent']);
    expect(events[0]!.data).toMatchObject({ by: 21, byRole: 'user', sessionId: 's-1', originId: 'o-1', last4: '6789' });
    // No personal data in events (docs/design.md#no-personal-data-in-events): the holder, address and browser live in erasable tables.
    for (const e of events) for (const key of ['holderName', 'ip', 'browser']) expect(e.data).not.toHaveProperty(key);
    expect(foldBankAccounts(events).accounts[0]!.status).toBe('pending_verification');
  });

  it('verifies with the two amounts in either order', () => {
    const history = run(linkPayout(1));
    expect(types(given(history).when(verify(1, ['0.45', '.32'])))).toEqual(['BankAccountVerified']);
  });

  it('counts wrong amounts down and locks the account on the third wrong try', () => {
    let history = run(linkPayout(1));
    history = given(history).then(verify(1, ['0.10', '0.20']));
    expect(history.at(-1)).toMatchObject({ type: 'BankAccountVerificationFailed', data: { triesLeft: 2 } });
    history = given(history).then(verify(1, ['0.10', '0.20']));
    const third = given(history).when(verify(1, ['0.10', '0.20']));
    expect(types(third)).toEqual(['BankAccountVerificationFailed', 'BankAccountLocked']);
    const locked = [...history, ...third];
    rejects(() => given(locked).when(verify(1)), LOCKED_MESSAGE);
    rejects(() => given(locked).when(choose(1)), LOCKED_MESSAGE);
  });

  it('refuses amounts that are not money', () => {
    rejects(() => given(run(linkPayout(1))).when(verify(1, ['abc', '0.45'])), 'Enter the two deposit amounts');
  });

  it('makes only a verified account the payout account', () => {
    rejects(() => given(run(linkPayout(1))).when(choose(1)), UNVERIFIED_MESSAGE);
  });

  it("makes a company's first payout account pay at once", () => {
    const state = foldBankAccounts(withPayoutAccount());
    expect(payoutDestination(state, now())).toEqual({
      account: { bankAccountId: 1, last4: '6789', bankName: 'First Sandbox Bank', providerToken: 'sbx_ba_1' },
    });
  });

  const held = () => given(given(given(withPayoutAccount()).then(linkPayout(2, as.seller(), '4321'))).then(verify(2))).then(choose(2));

  it('holds payouts after a change until the hold ends', () => {
    const history = held();
    const chosen = history.at(-1)!;
    expect(chosen).toMatchObject({ type: 'PayoutAccountChosen', data: { bankAccountId: 2, previousBankAccountId: 1 } });
    const state = foldBankAccounts(history);
    const until = (chosen.data as { holdUntil: string }).holdUntil;
    expect(payoutDestination(state, now())).toEqual({ held: { reason: 'payout_account_changed', since: chosen.data.at, until } });
    expect(payoutDestination(state, until)).toMatchObject({ account: { bankAccountId: 2 } });
  });

  it('lets another user of the company end the hold now, but not the user who made the change', () => {
    rejects(() => given(held()).when(confirm(as.seller())), OWN_CHANGE_MESSAGE);
    const confirmed = given(held()).then(confirm(as.colleague()));
    expect(confirmed.at(-1)).toMatchObject({ type: 'PayoutAccountChangeConfirmed', data: { by: 22, byRole: 'user', bankAccountId: 2 } });
    expect(payoutDestination(foldBankAccounts(confirmed), now())).toMatchObject({ account: { bankAccountId: 2 } });
  });

  it('lets an administrator confirm a change, and nobody from another company', () => {
    expect(given(held()).when(confirm(as.admin()))[0]).toMatchObject({ data: { byRole: 'admin', by: 1 } });
    rejects(() => given(held()).when(confirm(as.outsider())), 'Only users of this company');
  });

  it('restores the previous account at once on an undo within the hold', () => {
    const undone = given(held()).then(undo());
    expect(undone.at(-1)).toMatchObject({ type: 'PayoutAccountChangeUndone', data: { bankAccountId: 2, restoredBankAccountId: 1 } });
    expect(payoutDestination(foldBankAccounts(undone), now())).toMatchObject({ account: { bankAccountId: 1 } });
  });

  it('treats choosing the replaced account again during the hold as the undo', () => {
    const events = given(held()).when(choose(1));
    expect(events).toMatchObject([{ type: 'PayoutAccountChangeUndone', data: { restoredBankAccountId: 1 } }]);
  });

  it('refuses an undo after the hold: choosing the old account again is then a change, held itself', () => {
    const history = held();
    const until = foldBankAccounts(history).payoutChange!.holdUntil;
    tick(Date.parse(until) - Date.parse(now()) + 1000);
    rejects(() => given(history).when(undo()), 'There is no held payout account change to undo');
    const again = given(history).when(choose(1));
    expect(again[0]).toMatchObject({ type: 'PayoutAccountChosen', data: { bankAccountId: 1, previousBankAccountId: 2 } });
    expect((again[0]!.data as { holdUntil: string | null }).holdUntil).not.toBeNull();
  });

  it('keeps the trusted account as the one to restore when a held change is changed again', () => {
    const history = held();
    const third = given(given(history).then(linkPayout(3, as.seller(), '5555'))).then(verify(3));
    const chosen = given(third).when(choose(3));
    expect(chosen[0]).toMatchObject({ data: { bankAccountId: 3, previousBankAccountId: 1 } });
  });

  it('holds a new account chosen after the payout account was removed (only the first one ever pays at once)', () => {
    const history = given(withPayoutAccount()).then(remove(1));
    expect(payoutDestination(foldBankAccounts(history), now())).toEqual({ held: { reason: 'no_payout_account' } });
    const linked = given(given(history).then(linkPayout(2, as.seller(), '4321'))).then(verify(2));
    const chosen = given(linked).when(choose(2));
    expect((chosen[0]!.data as { holdUntil: string | null }).holdUntil).not.toBeNull();
  });

  it('keeps administrators from linking or choosing accounts for a company', () => {
    rejects(() => given([]).when(linkPayout(1, as.admin())), 'Administrators confirm or undo');
  });

  it("makes the buyer's newest deposit account their deposit account", () => {
    const first = run(linkDeposit(5));
    const second = given(first).when(linkDeposit(6));
    expect(second[1]).toMatchObject({ type: 'DepositAccountChosen', data: { bankAccountId: 6, previousBankAccountId: 5 } });
    expect(foldBankAccounts([...first, ...second]).depositChoices).toEqual([5, 6]);
    rejects(() => given([]).when(linkPayout(7, as.buyer())), 'Only users of this company');
  });

  it('removes an account once; removing it again changes nothing', () => {
    const history = given(run(linkDeposit(5))).then(remove(5, as.buyer(), { kind: 'user', id: 10 }));
    expect(foldBankAccounts(history).depositChoices).toEqual([]);
    expect(given(history).when(remove(5, as.buyer(), { kind: 'user', id: 10 }))).toEqual([]);
  });
});

describe('payout change hold', () => {
  it('counts business days, skipping the weekend', () => {
    expect(holdEnd('2026-11-26T10:00:00.000Z', { businessDays: 3 })).toBe('2026-12-01T10:00:00.000Z'); // Thu → Tue
    expect(holdEnd('2026-11-28T10:00:00.000Z', { businessDays: 3 })).toBe('2026-12-02T10:00:00.000Z'); // Sat → Wed
    expect(holdEnd('2026-11-26T10:00:00.000Z', { seconds: 60 })).toBe('2026-11-26T10:01:00.000Z');
  });

  it('reads PAYOUT_CHANGE_HOLD', () => {
    expect(parsePayoutChangeHold(undefined)).toEqual({ businessDays: 3 });
    expect(parsePayoutChangeHold('60s')).toEqual({ seconds: 60 });
    expect(parsePayoutChangeHold('2 business days')).toEqual({ businessDays: 2 });
    expect(parsePayoutChangeHold('soon')).toBeNull();
  });

  it('says why a payment waits', () => {
    expect(payoutHoldText({ reason: 'payout_account_changed', since: '2026-11-26T10:00:00.000Z', until: '2026-12-01T10:00:00.000Z' })).toBe(
      'held: payout account changed on Nov 26, 2026',
    );
    expect(payoutHoldText({ reason: 'no_payout_account' })).toBe('waiting for a verified payout account');
  });
});
