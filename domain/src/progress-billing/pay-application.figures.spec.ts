import { type BillingLine, type LineToDate, payApplicationFigures, type PeriodAmounts } from './pay-application.figures';

/**
 * The worked example of docs/progress-billing.md#a-worked-example, column by column: every figure
 * below was worked out by hand there first.
 */
const ten = { rate: '10.00', reduction: null };
const tenThenFive = { rate: '10.00', reduction: { toRate: '5.00', atPercentComplete: '50.00' } };

const original: BillingLine[] = [
  { number: '1', description: 'Site work', scheduledValue: '20000.00', originalValue: '20000.00', payeeId: 20, retainage: ten },
  { number: '2', description: 'Concrete', scheduledValue: '30000.00', originalValue: '30000.00', payeeId: 30, retainage: tenThenFive },
  { number: '3', description: 'Framing', scheduledValue: '50000.00', originalValue: '50000.00', payeeId: 20, retainage: ten },
];
/** Change order 1: framing +$5,000.00, and a new line 4 for a deck. */
const afterChangeOrder: BillingLine[] = [
  original[0]!,
  original[1]!,
  { ...original[2]!, scheduledValue: '55000.00' },
  { number: '4', description: 'Deck', scheduledValue: '8000.00', originalValue: '0.00', payeeId: 31, retainage: ten },
];

const period = (line: string, workThisPeriod: string, storedMaterials = '0.00'): PeriodAmounts => ({ line, workThisPeriod, storedMaterials });

const first = () => payApplicationFigures(original, {}, [period('1', '10000.00'), period('2', '12000.00', '3000.00'), period('3', '0.00', '5000.00')]);

/** Application 2 as certified: line 1 refused, line 3 reduced from $10,000.00 to $8,000.00. */
const second = (previous: Record<string, LineToDate>) =>
  payApplicationFigures(afterChangeOrder, previous, [period('1', '0.00'), period('2', '6000.00'), period('3', '8000.00'), period('4', '2000.00')]);

const columns = (figures: ReturnType<typeof first>) =>
  figures.lines.map((l) => [
    l.line,
    l.scheduledValue,
    l.previous,
    l.thisPeriod,
    l.storedMaterials,
    l.completedAndStoredToDate,
    l.percentComplete,
    l.balanceToFinish,
    l.retainage,
    l.earnedLessRetainage,
    l.previousCertificates,
    l.currentPaymentDue,
  ]);

describe('payApplicationFigures: the worked example', () => {
  it('computes the G703 columns of application 1, stored materials included', () => {
    expect(columns(first())).toEqual([
      ['1', '20000.00', '0.00', '10000.00', '0.00', '10000.00', '50.00', '10000.00', '1000.00', '9000.00', '0.00', '9000.00'],
      ['2', '30000.00', '0.00', '12000.00', '3000.00', '15000.00', '50.00', '15000.00', '1500.00', '13500.00', '0.00', '13500.00'],
      ['3', '50000.00', '0.00', '0.00', '5000.00', '5000.00', '10.00', '45000.00', '500.00', '4500.00', '0.00', '4500.00'],
    ]);
  });

  it('computes the G702 summary of application 1', () => {
    expect(first().summary).toEqual({
      originalContractSum: '100000.00',
      netChangeByChangeOrders: '0.00',
      contractSumToDate: '100000.00',
      totalCompletedAndStored: '30000.00',
      retainageOnCompletedWork: '2200.00',
      retainageOnStoredMaterials: '800.00',
      totalRetainage: '3000.00',
      totalEarnedLessRetainage: '27000.00',
      previousCertificates: '0.00',
      currentPaymentDue: '27000.00',
      balanceToFinishIncludingRetainage: '73000.00',
    });
  });

  it('splits the payment due by payee', () => {
    expect(first().payees).toEqual([
      { payeeId: 20, currentPaymentDue: '13500.00', retainageThisPeriod: '1500.00', retainageHeld: '1500.00' },
      { payeeId: 30, currentPaymentDue: '13500.00', retainageThisPeriod: '1500.00', retainageHeld: '1500.00' },
    ]);
  });

  it('carries application 1 into application 2: stored materials become work, the reduced rate, a change order, a refused and a reduced line', () => {
    const figures = second(first().toDate);
    expect(columns(figures)).toEqual([
      ['1', '20000.00', '10000.00', '0.00', '0.00', '10000.00', '50.00', '10000.00', '1000.00', '9000.00', '9000.00', '0.00'],
      ['2', '30000.00', '12000.00', '6000.00', '0.00', '18000.00', '60.00', '12000.00', '1650.00', '16350.00', '13500.00', '2850.00'],
      ['3', '55000.00', '0.00', '8000.00', '0.00', '8000.00', '14.55', '47000.00', '800.00', '7200.00', '4500.00', '2700.00'],
      ['4', '8000.00', '0.00', '2000.00', '0.00', '2000.00', '25.00', '6000.00', '200.00', '1800.00', '0.00', '1800.00'],
    ]);
    expect(figures.summary).toEqual({
      originalContractSum: '100000.00',
      netChangeByChangeOrders: '13000.00',
      contractSumToDate: '113000.00',
      totalCompletedAndStored: '38000.00',
      retainageOnCompletedWork: '3650.00',
      retainageOnStoredMaterials: '0.00',
      totalRetainage: '3650.00',
      totalEarnedLessRetainage: '34350.00',
      previousCertificates: '27000.00',
      currentPaymentDue: '7350.00',
      balanceToFinishIncludingRetainage: '78650.00',
    });
    expect(figures.payees).toEqual([
      { payeeId: 20, currentPaymentDue: '2700.00', retainageThisPeriod: '300.00', retainageHeld: '1800.00' },
      { payeeId: 30, currentPaymentDue: '2850.00', retainageThisPeriod: '150.00', retainageHeld: '1650.00' },
      { payeeId: 31, currentPaymentDue: '1800.00', retainageThisPeriod: '200.00', retainageHeld: '200.00' },
    ]);
  });

  it('keeps the retainage already held when a line reaches its reduction, and retains later work at the reduced rate', () => {
    const line2 = second(first().toDate).toDate['2']!;
    expect(line2).toMatchObject({ atRate: '15000.00', atReducedRate: '3000.00', reductionReached: true });
  });

  it('keeps a line reduced once it reached its reduction, even when a change order raises its value', () => {
    const raised = [{ ...original[1]!, scheduledValue: '40000.00' }];
    // 15,000.00 of 40,000.00 is under 50%, but line 2 reached its point in application 1: 3,000.00 more at 5%.
    const figures = payApplicationFigures(raised, first().toDate, [period('2', '3000.00', '3000.00')]);
    expect(figures.lines[0]).toMatchObject({ retainage: '1650.00', retainageThisPeriod: '150.00' });
  });

  it('splits the growth that crosses the reduction point between the two rates', () => {
    const figures = payApplicationFigures([original[1]!], {}, [period('2', '20000.00')]);
    // $15,000.00 at 10% and $5,000.00 at 5%.
    expect(figures.lines[0]).toMatchObject({ retainage: '1750.00', currentPaymentDue: '18250.00' });
  });

  it('carries a reduced line to the next application: the uncertified work stays in the balance to finish and is billed again', () => {
    const third = payApplicationFigures(afterChangeOrder, second(first().toDate).toDate, [period('3', '9000.00'), period('1', '5000.00')]);
    const line3 = third.lines.find((l) => l.line === '3')!;
    expect(line3).toMatchObject({
      previous: '8000.00',
      thisPeriod: '9000.00',
      completedAndStoredToDate: '17000.00',
      retainage: '1700.00',
      currentPaymentDue: '8100.00',
    });
    expect(third.summary.previousCertificates).toBe('34350.00');
  });

  it('rounds each line’s retainage half-up on its to-date amount, and takes the period’s as the difference', () => {
    const odd: BillingLine[] = [{ number: '1', description: 'Odd', scheduledValue: '1000.00', originalValue: '1000.00', payeeId: 20, retainage: ten }];
    const a = payApplicationFigures(odd, {}, [period('1', '0.05')]);
    const b = payApplicationFigures(odd, a.toDate, [period('1', '0.05')]);
    const c = payApplicationFigures(odd, b.toDate, [period('1', '0.05')]);
    // 10% of 0.05, 0.10, 0.15 to date: 0.01 (0.005 up), 0.01, 0.02 (0.015 up).
    expect([a, b, c].map((f) => [f.lines[0]!.retainage, f.lines[0]!.retainageThisPeriod])).toEqual([
      ['0.01', '0.01'],
      ['0.01', '0.00'],
      ['0.02', '0.01'],
    ]);
  });
});
