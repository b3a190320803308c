import type { PayApplicationView } from '@escrow/domain';

import { pdfText } from '../../../test/support/pdf-text';
import { payApplicationPdf } from './pay-application.pdf';

const summary = {
  original_contract_sum: '60000.00',
  net_change_by_change_orders: '0.00',
  contract_sum_to_date: '60000.00',
  total_completed_and_stored: '1000.00',
  retainage_on_completed_work: '100.00',
  retainage_on_stored_materials: '0.00',
  total_retainage: '100.00',
  total_earned_less_retainage: '900.00',
  previous_certificates: '0.00',
  current_payment_due: '900.00',
  balance_to_finish_including_retainage: '59100.00',
  retainage_refunded: '0.00',
};
const line = (n: number, description = `Line ${n}`) => ({
  line: String(n),
  description,
  payee_id: 20,
  scheduled_value: '1000.00',
  previous: '0.00',
  this_period: n === 1 ? '1000.00' : '0.00',
  stored_materials: '0.00',
  completed_and_stored_to_date: n === 1 ? '1000.00' : '0.00',
  percent_complete: n === 1 ? '100.00' : '0.00',
  balance_to_finish: n === 1 ? '0.00' : '1000.00',
  retainage: n === 1 ? '100.00' : '0.00',
  retainage_this_period: n === 1 ? '100.00' : '0.00',
  earned_less_retainage: n === 1 ? '900.00' : '0.00',
  retainage_refunded: '0.00',
  previous_certificates: '0.00',
  current_payment_due: n === 1 ? '900.00' : '0.00',
  billed: null,
  decision: null,
});
const view = (lines: PayApplicationView['lines']): PayApplicationView => ({
  job_id: 7,
  payee_names: [],
  application_number: 1,
  revision: 1,
  period_to: '2026-11-30',
  status: 'submitted',
  figures: 'billed',
  lines,
  summary,
  billed_summary: summary,
  payees: [{ payee_id: 20, current_payment_due: '900.00', retainage_this_period: '100.00', retainage_held: '100.00' }],
  submitted_by: 3,
  submitted_at: '2026-11-30T12:00:00.000Z',
  certification: null,
  accepted: null,
  payment: null,
  revisions: [],
});

describe('the pay application PDF', () => {
  it('draws a character the standard fonts cannot encode as "?" instead of failing', async () => {
    const text = pdfText(await payApplicationPdf(view([line(1, 'Roof 🏠 and “gutters”')]), { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) }));
    expect(text).toContain('Roof ? and “gutters”');
    expect(text).toContain('Not certified yet: the figures are as the seller billed them.');
  });

  it('continues the sheet on further pages, the totals on the last', async () => {
    const text = pdfText(await payApplicationPdf(view(Array.from({ length: 60 }, (_, i) => line(i + 1))), { project: 'Project 7', companies: new Map() }));
    expect(text.filter((t) => t.startsWith('Continuation sheet'))).toEqual([
      'Continuation sheet - Project 7, pay application 1 (page 1 of 2)',
      'Continuation sheet - Project 7, pay application 1 (page 2 of 2)',
    ]);
    expect(text.slice(text.indexOf('Total'), text.indexOf('Total') + 5)).toEqual(['Total', '60,000.00', '1,000.00', '100.00', '900.00']);
    expect(text).toContain('Company 20');
  });

  it('gives the same bytes for the same application', async () => {
    const names = { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) };
    expect(Buffer.from(await payApplicationPdf(view([line(1)]), names))).toEqual(Buffer.from(await payApplicationPdf(view([line(1)]), names)));
  });

  it('gives each line what a retainage dispute refunded to the owner, in a column of its own', async () => {
    const names = { project: 'Project 7', companies: new Map([[20, 'Mesa GC']]) };
    const plain = pdfText(await payApplicationPdf(view([line(1), line(2)]), names));
    expect(plain).not.toContain('Refunded');
    // Line 1's 100.00 of retainage went back to the owner: I drops to 0, and so does what it earned less retainage.
    const refundedLine = { ...line(1), retainage: '0.00', retainage_refunded: '100.00', earned_less_retainage: '900.00' };
    const refunded = view([refundedLine, line(2)]);
    refunded.summary = { ...summary, total_retainage: '0.00', retainage_refunded: '100.00' };
    const text = pdfText(await payApplicationPdf(refunded, names));
    const headings = text.slice(text.indexOf('A Item'), text.indexOf('Payment due') + 1);
    expect(headings.slice(-3)).toEqual(['I Retainage', 'Refunded', 'Payment due']);
    const first = text.slice(text.indexOf('1', text.indexOf('Payment due')), text.indexOf('1', text.indexOf('Payment due')) + 12);
    expect(first.slice(-3)).toEqual(['0.00', '100.00', '900.00']);
    expect(text.slice(text.indexOf('Total'), text.indexOf('Total') + 6)).toEqual(['Total', '60,000.00', '1,000.00', '0.00', '100.00', '900.00']);
  });
});
