import { billingHeldFunds } from './billing.clock';
import { approvedSchedule, as, command, given } from './billing.test-kit';

const submitted = () => [
  ...approvedSchedule(),
  command('SubmitPayApplication', { periodTo: '2026-11-30', lines: [{ line: '1', workPercent: '50' }] }, as.seller()),
];

describe('the clock on a progress-billed project’s held funds', () => {
  it('holds nothing before a deposit settles, and says who must act on the open application', () => {
    const clock = billingHeldFunds(given(...submitted()));
    expect(clock).toMatchObject({ inEscrow: '0.00', retainageHeld: '0.00', inCustody: '0.00', heldSince: null, next: null });
    expect(clock.mustAct.map((m) => [m.who, m.action])).toEqual([
      ['buyer', expect.stringMatching(/^Deposit \$[\d,]+\.\d\d by 2026-12-10$/)],
      ['buyer', 'Certify pay application 1'],
    ]);
  });

  it('counts a settled deposit from its settlement, and the next date is when it clears', () => {
    const s = given(
      ...submitted(),
      command(
        'RequestBillingDeposit',
        { depositId: 1, amount: '500.00', bankAccountLast4: null, agreement: { customer: 'signed', company: 'signed' } },
        as.buyer(),
      ),
      command('SettleBillingDeposit', { depositId: 1, providerReference: 'p', clearsAt: '2099-01-01T00:00:00.000Z' }, as.system()),
    );
    expect(billingHeldFunds(s)).toMatchObject({
      inEscrow: '500.00',
      inCustody: '500.00',
      heldSince: s.deposits[0]!.settledAt,
      next: { kind: 'funds_clear', at: '2099-01-01T00:00:00.000Z' },
    });
  });
});
