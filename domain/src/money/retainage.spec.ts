import { DomainError } from '../shared/errors';
import { money } from './money';
import { readRetainagePercent, retainageOf } from './retainage';

describe('retainage', () => {
  it('takes a percentage from 0 to 10 with at most two decimals, as text with two decimals', () => {
    expect(readRetainagePercent('5')).toBe('5.00');
    expect(readRetainagePercent('5.00')).toBe('5.00');
    expect(readRetainagePercent('2.5')).toBe('2.50');
    expect(readRetainagePercent('0')).toBe('0.00');
    expect(readRetainagePercent('0.75')).toBe('0.75');
    expect(readRetainagePercent(0)).toBe('0.00');
    expect(readRetainagePercent('10.00')).toBe('10.00');
    expect(readRetainagePercent(7.25)).toBe('7.25');
  });

  // Issue 23: " 5", "5%" and "05" were read as 5.00. One form is accepted; the rest is refused
  // with a message naming it, never guessed at ("2,5" is 2.5 to some and 25 to others).
  it.each([' 5', '5 ', '5%', '5 %', '05', '00', '05.00', '+5', '2,5', '5.', '.5', '5.0.0', '\t5', '5\n', '５'])(
    'refuses %j, naming the form it takes',
    (bad) => {
      expect(() => readRetainagePercent(bad)).toThrow(
        'Enter the retainage as a percentage from 0 to 10 written as a plain number, like 5 or 2.50: at most two decimals, no % sign, spaces or leading zeros.',
      );
    },
  );

  it('refuses more than 10%, more than two decimals, negatives and anything not a number', () => {
    expect(() => readRetainagePercent('10.01')).toThrow('Retainage can be at most 10% of each payment.');
    for (const bad of ['5.125', '-1', '', 'five', '1e1', null, undefined, NaN, Infinity, {}, '5\u0000']) {
      expect(() => readRetainagePercent(bad)).toThrow(DomainError);
      expect(() => readRetainagePercent(bad)).toThrow(/percentage from 0 to 10|at most 10%/);
    }
  });

  it('withholds net × percent, rounded half-up to the cent once', () => {
    expect(retainageOf(money('10.10'), '5.00').toFixed(2)).toBe('0.51'); // 0.505
    expect(retainageOf(money('9.78'), '2.50').toFixed(2)).toBe('0.24'); // 0.2445
    expect(retainageOf(money('0.01'), '10.00').toFixed(2)).toBe('0.00');
    expect(retainageOf(money('999999999.99'), '10.00').toFixed(2)).toBe('100000000.00');
    expect(retainageOf(money('1000.00'), '0.00').toFixed(2)).toBe('0.00');
  });
});
