import { approvedSchedule, as, command, given, refusal, run } from './billing.test-kit';

const submitted = () => [
  ...approvedSchedule(),
  command('SubmitPayApplication', { periodTo: '2026-11-30', lines: [{ line: '1', workPercent: '50' }] }, as.seller()),
];
const remind = (period: number, amount = '10000.00', applicationNumber = 1) =>
  command('RemindOfBillingShortfall', { applicationNumber, period, amount, depositBy: '2026-12-10' }, as.system());

describe('the held-funds clock’s reminder of a shortfall', () => {
  it('records what the mails said, once per application and reminder period', () => {
    const first = run(given(...submitted()), remind(1));
    expect(first.events).toEqual([
      {
        type: 'BillingShortfallReminded',
        data: expect.objectContaining({ applicationNumber: 1, period: 1, amount: '10000.00', depositBy: '2026-12-10' }),
      },
    ]);
    // A second pass in the same period (a restart, another process) appends nothing; the next period does.
    expect(run(first.state, remind(1, '9000.00')).events).toEqual([]);
    const second = run(first.state, remind(2, '9,000'));
    expect(second.events).toEqual([{ type: 'BillingShortfallReminded', data: expect.objectContaining({ period: 2, amount: '9000.00' }) }]);
    expect(second.state.status === 'active' && second.state.shortfallReminders?.map((r) => r.period)).toEqual([1, 2]);
  });

  it('is the clock’s alone, and names an application, a period, an amount and a date', () => {
    const s = given(...submitted());
    expect(refusal(s, { ...remind(1), metadata: as.buyer() }).code).toBe('system_only');
    expect(refusal(s, remind(1, '10000.00', 2)).code).toBe('application_not_found');
    expect(refusal(s, remind(0)).code).toBe('reminder_reason_missing');
    expect(refusal(s, remind(1, '-5.00')).code).toBe('amount_format');
    expect(refusal(s, command('RemindOfBillingShortfall', { applicationNumber: 1, period: 1, amount: '1.00', depositBy: 'soon' }, as.system())).code).toBe(
      'reminder_reason_missing',
    );
  });
});
