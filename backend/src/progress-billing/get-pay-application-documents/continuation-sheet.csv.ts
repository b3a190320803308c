import type { PayApplicationView } from '@escrow/domain';

import { toCsv } from '../../http/csv';

const HEADER = [
  'item',
  'description',
  'payee',
  'scheduled_value',
  'work_completed_previous_applications',
  'work_completed_this_period',
  'materials_presently_stored',
  'total_completed_and_stored_to_date',
  'percent_complete',
  'balance_to_finish',
  'retainage',
  'retainage_refunded',
  'earned_less_retainage',
  'previous_certificates',
  'current_payment_due',
  'decision',
  'reason',
];

/**
 * The continuation sheet (G703 columns A–I and what each line pays) of one pay application, one
 * row per line of the schedule it was billed against and a totals row; amounts as plain decimals
 * ("1234.50") so a spreadsheet sums them. `retainage_refunded` is the retainage a dispute gave back
 * to the owner, to date: without it a line's earned less retainage (G − I − refunded) would not
 * add up from the columns beside it.
 */
export function continuationSheetCsv(view: PayApplicationView, companyNames: ReadonlyMap<number, string>): string {
  const rows = view.lines.map((l) => [
    l.line,
    l.description,
    companyNames.get(l.payee_id) ?? `company ${l.payee_id}`,
    l.scheduled_value,
    l.previous,
    l.this_period,
    l.stored_materials,
    l.completed_and_stored_to_date,
    l.percent_complete,
    l.balance_to_finish,
    l.retainage,
    l.retainage_refunded,
    l.earned_less_retainage,
    l.previous_certificates,
    l.current_payment_due,
    l.decision?.decision ?? (view.figures === 'certified' ? 'not billed' : ''),
    l.decision?.reason ?? '',
  ]);
  const s = view.summary;
  const totals = [
    'total',
    '',
    '',
    s.contract_sum_to_date,
    '',
    '',
    '',
    s.total_completed_and_stored,
    '',
    '',
    s.total_retainage,
    s.retainage_refunded,
    s.total_earned_less_retainage,
    s.previous_certificates,
    s.current_payment_due,
    '',
    '',
  ];
  return toCsv(HEADER, [...rows, totals]);
}
