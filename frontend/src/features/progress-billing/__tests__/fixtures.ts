import type { PayApplicationLineView, PayApplicationView, ProgressBillingView, ScheduleLineView } from '@escrow/domain';

/** The worked example of docs/progress-billing.md: three lines, $100,000.00, nothing certified yet. */
const line = (number: string, description: string, value: string, payee: number, reduction: ScheduleLineView['retainage']['reduction'] = null) => ({
  number,
  description,
  scheduled_value: value,
  payee_id: payee,
  retainage: { rate: '10.00', reduction },
});

export const SELLER = { company_id: 100, name: 'Saguaro Build Co.' };
/** Line 2's payee, a subcontractor the answers name. */
export const CONCRETE = { company_id: 30, name: 'Desert Concrete' };
const payee_names = [CONCRETE, SELLER];

const lines = [
  line('1', 'Site work', '20000.00', 100),
  line('2', 'Concrete', '30000.00', 30, { to_rate: '5.00', at_percent_complete: '50.00' }),
  line('3', 'Framing', '50000.00', 100),
];

export function scheduleView(viewer: ProgressBillingView['viewer'], patch: Partial<ProgressBillingView> = {}): ProgressBillingView {
  return {
    job_id: 7,
    billing: 'progress',
    viewer,
    // Ids are the store's, shared by every project; people read the version's number in the project.
    current_version_id: 800,
    current_version_number: 1,
    original_contract_sum: '100000.00',
    contract_sum: '100000.00',
    lines: lines.map((l) => ({
      ...l,
      original_value: l.scheduled_value,
      work_completed: '0.00',
      stored_materials: '0.00',
      retained_at_rate: '0.00',
      retained_at_reduced_rate: '0.00',
      reduction_reached: false,
      retainage_released: '0.00',
      retainage_refunded: '0.00',
    })),
    versions: [
      {
        version_id: 800,
        version_number: 1,
        based_on_version_id: null,
        based_on_version_number: null,
        status: 'current',
        contract_sum: '100000.00',
        lines,
        proposed_by: 3,
        proposed_at: '2026-11-20T10:00:00.000Z',
        approved_by: 1,
        approved_at: '2026-11-21T10:00:00.000Z',
        rejection: null,
      },
    ],
    change_orders: [],
    certifier: null,
    open_application_number: null,
    escrow: null,
    payee_names,
    retainage: null,
    ...patch,
  };
}

const zero = '0.00';
const sheetLine = (l: (typeof lines)[number], billed: PayApplicationLineView['billed']): PayApplicationLineView => ({
  line: l.number,
  description: l.description,
  payee_id: l.payee_id,
  scheduled_value: l.scheduled_value,
  previous: zero,
  this_period: billed?.work_this_period ?? zero,
  stored_materials: zero,
  completed_and_stored_to_date: zero,
  percent_complete: zero,
  balance_to_finish: zero,
  retainage: zero,
  retainage_this_period: zero,
  earned_less_retainage: zero,
  retainage_refunded: zero,
  previous_certificates: zero,
  current_payment_due: zero,
  billed,
  decision: null,
});

const summary = {
  original_contract_sum: '100000.00',
  net_change_by_change_orders: zero,
  contract_sum_to_date: '100000.00',
  total_completed_and_stored: zero,
  retainage_on_completed_work: zero,
  retainage_on_stored_materials: zero,
  total_retainage: zero,
  total_earned_less_retainage: zero,
  previous_certificates: zero,
  current_payment_due: zero,
  balance_to_finish_including_retainage: zero,
  retainage_refunded: zero,
};

/** Application 1 as submitted: line 1 at 50%, line 3 $10,000.00 of work; line 2 not billed. */
export const submitted: PayApplicationView = {
  job_id: 7,
  payee_names,
  application_number: 1,
  revision: 1,
  period_to: '2026-11-30',
  status: 'submitted',
  figures: 'billed',
  lines: [
    sheetLine(lines[0]!, { work_this_period: '10000.00', work_percent: '50.00', stored_materials: zero, evidence: [] }),
    sheetLine(lines[1]!, null),
    sheetLine(lines[2]!, { work_this_period: '10000.00', work_percent: null, stored_materials: zero, evidence: [] }),
  ],
  summary,
  billed_summary: summary,
  payees: [],
  submitted_by: 3,
  submitted_at: '2026-11-30T10:00:00.000Z',
  certification: null,
  accepted: null,
  payment: null,
  revisions: [],
};

/** The text of one cell of a table, by its row's item and its column's title (how a person reads the sheet). */
export function cellText(table: HTMLElement, item: string, column: string): string {
  const headers = [...table.querySelectorAll('thead th')].map((th) => th.textContent ?? '');
  const index = headers.findIndex((h) => h.startsWith(column));
  if (index < 0) throw new Error(`no column ${column} in ${headers.join(' | ')}`);
  const row = [...table.querySelectorAll('tbody tr')].find((tr) => tr.querySelector('td, th')?.textContent === item);
  if (!row) throw new Error(`no row ${item}`);
  return row.querySelectorAll('td, th')[index]?.textContent ?? '';
}
