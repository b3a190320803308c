import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { computeMilestoneTerms, type PayeeInput } from './fees';
import { money } from './money';
import { readRetainagePercent } from './retainage';

/**
 * The worked examples of docs/money.md, read from the page itself: the table people read and the
 * rules the deciders apply cannot drift apart.
 */
interface Example {
  name: string;
  payees: PayeeInput[];
  milestoneAmount: string | null;
  amounts: string[];
  fees: string[];
  nets: string[];
  deposit: string;
  /** Empty: no retainage. */
  retainagePercent: string;
  withheld: string[];
  paidAtCompletion: string[];
}

const list = (cell: string) =>
  cell
    .split(';')
    .map((s) => s.trim())
    .filter(Boolean);

function payeeOf(text: string, index: number): PayeeInput {
  const [type, value, flag] = text.split(/\s+/);
  const includeFee = flag === 'incl' || value === 'incl';
  const companyId = index + 1;
  switch (type) {
    case 'fixed':
      return { companyId, type: 'fixed', amount: value!, includeFee };
    case 'percent':
      return { companyId, type: 'percent', percentage: value!, includeFee };
    case 'remainder':
      return { companyId, type: 'remainder', includeFee };
    default:
      throw new Error(`unknown payee "${text}" in docs/money.md`);
  }
}

function examplesFromDocs(): Example[] {
  const page = readFileSync(join(__dirname, '../../../docs/money.md'), 'utf8');
  const start = page.indexOf('## Worked examples');
  const next = page.indexOf('\n## ', start + 1);
  // The section's own table only: later sections have tables of their own.
  const section = page.slice(start, next === -1 ? undefined : next);
  const rows = section
    .split('\n')
    .filter((line) => line.startsWith('|'))
    .slice(2);
  return rows.map((row) => {
    const cells = row
      .split('|')
      .slice(1, -1)
      .map((c) => c.trim());
    const [name, payees, milestoneAmount, amounts, fees, nets, deposit, retainagePercent = '', withheld = '', paid = ''] = cells as string[] as [
      string,
      string,
      string,
      string,
      string,
      string,
      string,
      string?,
      string?,
      string?,
    ];
    return {
      name,
      payees: list(payees).map(payeeOf),
      milestoneAmount: milestoneAmount || null,
      amounts: list(amounts),
      fees: list(fees),
      nets: list(nets),
      deposit,
      retainagePercent,
      withheld: list(withheld),
      paidAtCompletion: list(paid),
    };
  });
}

const examples = examplesFromDocs();

describe('worked examples of docs/money.md', () => {
  it('has the examples the page promises', () => {
    expect(examples.length).toBeGreaterThanOrEqual(10);
    expect(examples.filter((e) => e.retainagePercent).length).toBeGreaterThanOrEqual(4);
  });

  it.each(examples.map((e) => [e.name, e] as const))('%s', (_name, example) => {
    const retainagePercent = example.retainagePercent ? readRetainagePercent(example.retainagePercent) : undefined;
    const terms = computeMilestoneTerms(
      example.payees,
      example.milestoneAmount,
      example.payees.map((_, i) => 100 + i),
      { retainagePercent },
    );
    expect(terms.payees.map((p) => p.amount)).toEqual(example.amounts);
    expect(terms.payees.map((p) => p.fee)).toEqual(example.fees);
    expect(terms.payees.map((p) => p.net)).toEqual(example.nets);
    expect(terms.depositTotal).toBe(example.deposit);
    // Retainage comes out of what each payee receives: the fee and the deposit stay as they are.
    expect(terms.payees.map((p) => p.retainage)).toEqual(example.retainagePercent ? example.withheld : example.payees.map(() => '0.00'));
    const paidNow = terms.payees.map((p) => money(p.net).minus(p.retainage).toFixed(2));
    expect(paidNow).toEqual(example.retainagePercent ? example.paidAtCompletion : example.nets);
  });
});
