import type { PayApplicationView } from '@escrow/domain';

/**
 * A pay application of a $60,000.00 schedule for the documents' specs: line 1 billed in full
 * ($1,000.00, $100.00 retained), the others not at all.
 */
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
export const line = (n: number, description = `Line ${n}`) => ({
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
export const view = (lines: PayApplicationView['lines']): PayApplicationView => ({
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

/** Line 1's retainage refunded to the owner by a dispute: I drops to 0, and G − I − refunded is what it earned. */
export const refundedLine = (): PayApplicationView['lines'][number] => ({
  ...line(1),
  retainage: '0.00',
  retainage_refunded: '100.00',
  earned_less_retainage: '900.00',
});
export const refundedSummary = { ...summary, total_retainage: '0.00', retainage_refunded: '100.00' };
