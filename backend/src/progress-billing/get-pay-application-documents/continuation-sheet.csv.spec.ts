import type { PayApplicationView } from '@escrow/domain';

import { continuationSheetCsv } from './continuation-sheet.csv';

const summary: PayApplicationView['summary'] = {
  original_contract_sum: '2000.00',
  net_change_by_change_orders: '0.00',
  contract_sum_to_date: '2000.00',
  total_completed_and_stored: '1000.00',
  retainage_on_completed_work: '0.00',
  retainage_on_stored_materials: '0.00',
  total_retainage: '0.00',
  total_earned_less_retainage: '900.00',
  previous_certificates: '900.00',
  current_payment_due: '0.00',
  balance_to_finish_including_retainage: '1000.00',
  retainage_refunded: '100.00',
};
const line = (n: number, refunded: string): PayApplicationView['lines'][number] => ({
  line: String(n),
  description: `Line ${n}`,
  payee_id: 20,
  scheduled_value: '1000.00',
  previous: n === 1 ? '1000.00' : '0.00',
  this_period: '0.00',
  stored_materials: '0.00',
  completed_and_stored_to_date: n === 1 ? '1000.00' : '0.00',
  percent_complete: n === 1 ? '100.00' : '0.00',
  balance_to_finish: n === 1 ? '0.00' : '1000.00',
  retainage: '0.00',
  retainage_this_period: '0.00',
  earned_less_retainage: n === 1 ? '900.00' : '0.00',
  retainage_refunded: refunded,
  previous_certificates: n === 1 ? '900.00' : '0.00',
  current_payment_due: '0.00',
  billed: null,
  decision: null,
});

describe('the continuation sheet as CSV', () => {
  it('names the retainage a dispute refunded, per line and in total, so each line adds up', () => {
    const view = { figures: 'billed', lines: [line(1, '100.00'), line(2, '0.00')], summary } as PayApplicationView;
    const [header, first, second, total] = continuationSheetCsv(view, new Map([[20, 'Mesa GC']]))
      .trim()
      .split('\r\n')
      .map((row) => row.split(','));
    const column = (name: string) => header!.indexOf(name);
    expect(header!.slice(column('retainage'), column('retainage') + 3)).toEqual(['retainage', 'retainage_refunded', 'earned_less_retainage']);
    // G − I − refunded = earned less retainage, on every row.
    for (const row of [first!, second!]) {
      const [g, i, refunded, earned] = ['total_completed_and_stored_to_date', 'retainage', 'retainage_refunded', 'earned_less_retainage'].map((name) =>
        Number(row[column(name)]),
      );
      expect(g! - i! - refunded!).toBe(earned);
    }
    expect(first![column('retainage_refunded')]).toBe('100.00');
    expect(total![column('retainage_refunded')]).toBe('100.00');
  });
});
