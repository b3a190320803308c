import fc from 'fast-check';

import { DomainError } from '../shared/errors';
import { computeMilestoneTerms, FEE_RATE, INCLUDE_FEE_NET_RATE, type PayeeInput, VALUE_MUST_BE_POSITIVE } from './fees';
import { allocateCents, formatDollars, money, parseAmount, roundCents, sum } from './money';

const ids = (n: number) => Array.from({ length: n }, (_, i) => 100 + i);
const fixed = (amount: string, includeFee = false, companyId = 1): PayeeInput => ({ companyId, type: 'fixed', amount, includeFee });

describe('milestone money (docs/money.md#the-rules)', () => {
  it('charges the buyer amount + 2.25% for a normal payee', () => {
    const terms = computeMilestoneTerms([fixed('1000.00')], null, ids(1));
    expect(terms.payees[0]).toMatchObject({ amount: '1000.00', fee: '22.50', net: '1000.00', buyerOwes: '1022.50' });
    expect(terms).toMatchObject({ payeeTotal: '1000.00', feeTotal: '22.50', depositTotal: '1022.50' });
  });

  it('takes the fee out of an include-fee payee: it receives amount × 0.9775 and the buyer pays the amount', () => {
    const terms = computeMilestoneTerms([fixed('1000.00', true)], null, ids(1));
    expect(terms.payees[0]).toMatchObject({ amount: '1000.00', fee: '22.50', net: '977.50', buyerOwes: '1000.00' });
    expect(terms.depositTotal).toBe('1000.00');
  });

  it('makes the deposit total the payee total plus the fee minus the fee on include-fee payees', () => {
    const terms = computeMilestoneTerms([fixed('1000.00'), fixed('500.00', true, 2), fixed('333.33', false, 3)], null, ids(3));
    // fees: 22.50 + 11.25 + 7.50 (7.499925 rounds half-up)
    expect(terms.feeTotal).toBe('41.25');
    expect(terms.depositTotal).toBe('1863.33'); // 1833.33 + 41.25 − 11.25
  });

  it('gives percent payees their share of the milestone amount and the remainder what is left', () => {
    const terms = computeMilestoneTerms(
      [fixed('4000.00'), { companyId: 2, type: 'percent', percentage: '25', includeFee: true }, { companyId: 3, type: 'remainder', includeFee: false }],
      '10000.00',
      ids(3),
    );
    expect(terms.payees.map((p) => p.amount)).toEqual(['4000.00', '2500.00', '3500.00']);
    expect(terms.payees[1]).toMatchObject({ percentDecimal: '0.25', fee: '56.25', net: '2443.75', buyerOwes: '2500.00' });
    expect(terms.depositTotal).toBe('10168.75'); // 10000 + 225 − 56.25
  });

  it.each([
    [[fixed('0')], null, VALUE_MUST_BE_POSITIVE],
    [[fixed('-5')], null, VALUE_MUST_BE_POSITIVE],
    [[fixed('12.345')], null, 'Enter each fixed amount in dollars, with at most two decimals.'],
    [
      [{ companyId: 1, type: 'percent', percentage: '50', includeFee: false }],
      null,
      'Enter the milestone amount so percentages and the remainder can be worked out.',
    ],
    [
      [
        { companyId: 1, type: 'percent', percentage: '101', includeFee: false },
        { companyId: 2, type: 'remainder', includeFee: false },
      ],
      '100',
      'A percentage cannot be more than 100.',
    ],
    [
      [fixed('80'), { companyId: 2, type: 'percent', percentage: '30', includeFee: false }],
      '100',
      "The payees' shares add up to $110.00, more than the milestone amount of $100.00.",
    ],
    [
      [fixed('80'), { companyId: 2, type: 'percent', percentage: '10', includeFee: false }],
      '100',
      "The payees' shares add up to $90.00 but the milestone amount is $100.00. Add a remainder payee or adjust the shares.",
    ],
    [
      [fixed('100'), { companyId: 2, type: 'remainder', includeFee: false }],
      '100',
      'Nothing is left for the remainder payee: lower the other shares or raise the milestone amount.',
    ],
    [
      [
        { companyId: 1, type: 'remainder', includeFee: false },
        { companyId: 2, type: 'remainder', includeFee: false },
      ],
      '100',
      'Only one payee can take the remainder.',
    ],
    [[fixed('10'), fixed('20')], '31', 'The payee amounts add up to $30.00 but the milestone amount is $31.00.'],
    [[], null, 'Add at least one payee to the milestone.'],
    [
      [
        { companyId: 1, type: 'percent', percentage: '0.01', includeFee: false },
        { companyId: 2, type: 'remainder', includeFee: false },
      ],
      '10',
      '0.01% of $10.00 is less than a cent; raise the percentage.',
    ],
  ] as [PayeeInput[], string | null, string][])('refuses %j with "%s"', (payees, amount, message) => {
    const attempt = () => computeMilestoneTerms(payees, amount, ids(payees.length));
    expect(attempt).toThrow(DomainError);
    expect(attempt).toThrow(message);
  });

  it('accounts for every cent: payee nets plus fees equal the deposit total, for any payees', () => {
    const payee = fc.record({
      cents: fc.integer({ min: 1, max: 100_000_000_00 }),
      includeFee: fc.boolean(),
    });
    fc.assert(
      fc.property(fc.array(payee, { minLength: 1, maxLength: 8 }), (list) => {
        const inputs = list.map((p, i) => fixed((p.cents / 100).toFixed(2), p.includeFee, i + 1));
        const terms = computeMilestoneTerms(inputs, null, ids(inputs.length));
        const nets = sum(terms.payees.map((p) => money(p.net)));
        const fees = sum(terms.payees.map((p) => money(p.fee)));
        expect(nets.plus(fees).toFixed(2)).toBe(terms.depositTotal);
        const normal = terms.payees.filter((p) => !p.includeFee);
        // The normal payees' fees are 2.25% of their total, rounded once, and each is within a
        // cent of its exact proportional share.
        expect(sum(normal.map((p) => money(p.fee))).eq(roundCents(sum(normal.map((p) => money(p.amount))).times(FEE_RATE)))).toBe(true);
        for (const p of terms.payees) {
          if (p.includeFee) {
            expect(p.net).toBe(roundCents(money(p.amount).times(INCLUDE_FEE_NET_RATE)).toFixed(2));
            expect(money(p.net).plus(p.fee).toFixed(2)).toBe(p.amount);
          } else {
            expect(money(p.fee).minus(money(p.amount).times(FEE_RATE)).abs().lt('0.02')).toBe(true);
            expect(p.buyerOwes).toBe(money(p.amount).plus(p.fee).toFixed(2));
          }
        }
      }),
      { numRuns: 2000 },
    );
  });

  // Issue 23: a percentage is read in one form, as the retainage is: " 25", "25%", "025", "$25"
  // and "2,5" (2.5 or 25?) were read as numbers; amounts keep their documented "$1,234.50" form.
  it('reads a payee percentage only as a plain number, and refuses other spellings naming the form', () => {
    const withPercent = (percentage: string | number) =>
      computeMilestoneTerms(
        [
          { companyId: 1, type: 'percent', percentage, includeFee: false },
          { companyId: 2, type: 'remainder', includeFee: false },
        ],
        '200.00',
        ids(2),
      ).payees[0]!.amount;
    expect([withPercent('25'), withPercent('12.5'), withPercent('12.50'), withPercent(25), withPercent('0.5'), withPercent('99.5')]).toEqual([
      '50.00',
      '25.00',
      '25.00',
      '50.00',
      '1.00',
      '199.00',
    ]);
    for (const bad of [' 25', '25 ', '25%', '025', '$25', '2,5', '+25', '25.', '.5', '1e1', '25.001']) {
      expect(() => withPercent(bad)).toThrow(
        'Enter each percentage as a plain number from 0 to 100, like 25 or 12.5: at most two decimals, no % sign, spaces or leading zeros.',
      );
    }
  });

  it('allocates the whole amount to percent shares that total 100%', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000_00 }),
        fc.array(fc.integer({ min: 1, max: 9999 }), { minLength: 1, maxLength: 6 }),
        (totalCents, raw) => {
          // Turn arbitrary weights into basis points that total exactly 10,000 (100.00%).
          const weightSum = raw.reduce((a, b) => a + b, 0);
          const bps = raw.map((w) => Math.floor((w * 10000) / weightSum));
          bps[0]! += 10000 - bps.reduce((a, b) => a + b, 0);
          fc.pre(bps.every((bp) => bp > 0 && totalCents * bp >= 10000));
          const inputs: PayeeInput[] = bps.map((bp, i) => ({ companyId: i + 1, type: 'percent', percentage: (bp / 100).toFixed(2), includeFee: i % 2 === 1 }));
          const total = (totalCents / 100).toFixed(2);
          const terms = computeMilestoneTerms(inputs, total, ids(inputs.length));
          expect(terms.payeeTotal).toBe(total);
          terms.payees.forEach((p, i) => expect(money(p.amount).minus(money(total).times(bps[i]!).dividedBy(10000)).abs().lt('0.01')).toBe(true));
        },
      ),
      { numRuns: 1000 },
    );
  });

  it('refuses amounts beyond the one bound with a 422 that says the bound', () => {
    const attempt =
      (payees: PayeeInput[], amount: string | null = null) =>
      () =>
        computeMilestoneTerms(payees, amount, ids(payees.length));
    for (const run of [
      attempt([fixed('999999999999.99')]),
      attempt([fixed('1000000000000000000000')]),
      attempt([fixed('977995110.02')]), // fits, but its deposit with the fee does not
      attempt([fixed('600000000.00'), fixed('600000000.00', true, 2)]),
      attempt([{ companyId: 1, type: 'remainder', includeFee: false }], '5000000000'),
    ]) {
      expect(run).toThrow(DomainError);
      try {
        run();
      } catch (error) {
        expect((error as DomainError).kind).toBe('unprocessable');
        expect((error as DomainError).message).toContain('$999,999,999.99');
      }
    }
    expect(computeMilestoneTerms([fixed('977995110.01')], null, ids(1)).depositTotal).toBe('999999999.99');
  });

  it('splits the milestone amount exactly across percent and remainder payees', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 10_000_000 }),
        fc.array(fc.integer({ min: 1, max: 3000 }), { minLength: 1, maxLength: 4 }),
        (totalCents, basisPoints) => {
          fc.pre(basisPoints.reduce((a, b) => a + b, 0) < 9900);
          fc.pre(basisPoints.every((bp) => totalCents * bp >= 10000)); // every share at least a cent
          const inputs: PayeeInput[] = [
            ...basisPoints.map((bp, i) => ({ companyId: i + 1, type: 'percent' as const, percentage: (bp / 100).toFixed(2), includeFee: i % 2 === 0 })),
            { companyId: 99, type: 'remainder', includeFee: false },
          ];
          const total = (totalCents / 100).toFixed(2);
          const terms = computeMilestoneTerms(inputs, total, ids(inputs.length));
          expect(terms.payeeTotal).toBe(total);
        },
      ),
      { numRuns: 1000 },
    );
  });
});

describe('money helpers', () => {
  it('reads amounts as people write them and refuses the rest', () => {
    expect(parseAmount('$1,234.5')?.toFixed(2)).toBe('1234.50');
    expect(parseAmount(12.25)?.toFixed(2)).toBe('12.25');
    for (const bad of ['1e5', 'NaN', '12.345', '', 'ten', null, {}, Infinity]) expect(parseAmount(bad)).toBeNull();
  });

  it('formats dollars with two decimals', () => {
    expect(formatDollars('1234567.5')).toBe('$1,234,567.50');
    expect(formatDollars(money('-3'))).toBe('-$3.00');
  });

  it('allocates cents by weight without losing any', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), fc.array(fc.integer({ min: 0, max: 100_000 }), { minLength: 1, maxLength: 6 }), (cents, weights) => {
        const parts = allocateCents(
          money(cents).dividedBy(100),
          weights.map((w) => money(w)),
        );
        expect(sum(parts).times(100).toNumber()).toBe(cents);
        for (const p of parts) expect(p.gte(0)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });
});
