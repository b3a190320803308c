import { type CompanyNameMatch, formatDollars, type PayApplicationFigures } from '@escrow/domain';

import { WideTable } from '../../../components/WideTable';

type PayApplicationSummary = PayApplicationFigures['summary'];

const LINES: [Exclude<keyof PayApplicationSummary, 'retainageRefunded'>, string][] = [
  ['originalContractSum', '1. Original contract sum'],
  ['netChangeByChangeOrders', '2. Net change by change orders'],
  ['contractSumToDate', '3. Contract sum to date'],
  ['totalCompletedAndStored', '4. Total completed and stored to date'],
  ['retainageOnCompletedWork', '5a. Retainage on completed work'],
  ['retainageOnStoredMaterials', '5b. Retainage on stored materials'],
  ['totalRetainage', '5. Total retainage'],
  ['totalEarnedLessRetainage', '6. Total earned less retainage'],
  ['previousCertificates', '7. Less previous certificates for payment'],
  ['currentPaymentDue', '8. Current payment due'],
  ['balanceToFinishIncludingRetainage', '9. Balance to finish, including retainage'],
];

export interface PayeeRow {
  payeeId: number;
  currentPaymentDue: string;
  retainageThisPeriod: string;
  retainageHeld: string;
}

/** The G702 summary as label and figure pairs, and what each payee is paid and has withheld. */
export function G702Summary({
  label,
  summary,
  payees,
  nameOf,
}: {
  label: string;
  summary: PayApplicationSummary;
  payees: readonly PayeeRow[];
  nameOf: (companyId: number) => CompanyNameMatch;
}) {
  return (
    <>
      <dl className="el-project-facts" aria-label={label}>
        {LINES.map(([key, term]) => (
          <div key={key}>
            <dt>{term}</dt>
            <dd>{formatDollars(summary[key])}</dd>
          </div>
        ))}
        {summary.retainageRefunded && (
          // Forfeited by a retainage dispute's refund: out of lines 6 and 9 (docs/progress-billing.md, "The retainage dispute").
          <div key="retainageRefunded">
            <dt>Retainage refunded to the owner</dt>
            <dd>{formatDollars(summary.retainageRefunded)}</dd>
          </div>
        )}
      </dl>
      <WideTable<PayeeRow>
        aria-label={`${label}: paid to each payee`}
        rowKey="payeeId"
        size="small"
        pagination={false}
        dataSource={[...payees]}
        columns={[
          { title: 'Payee', key: 'payee', render: (_, p) => nameOf(p.payeeId).name },
          { title: 'Paid now', dataIndex: 'currentPaymentDue', align: 'right', render: (v: string) => formatDollars(v) },
          { title: 'Withheld this period', dataIndex: 'retainageThisPeriod', align: 'right', render: (v: string) => formatDollars(v) },
          { title: 'Retainage held', dataIndex: 'retainageHeld', align: 'right', render: (v: string) => formatDollars(v) },
        ]}
      />
    </>
  );
}

/** The API's summary (snake case) in the calculator's shape, so both draw alike. */
export const summaryOfView = (s: {
  original_contract_sum: string;
  net_change_by_change_orders: string;
  contract_sum_to_date: string;
  total_completed_and_stored: string;
  retainage_on_completed_work: string;
  retainage_on_stored_materials: string;
  total_retainage: string;
  total_earned_less_retainage: string;
  previous_certificates: string;
  current_payment_due: string;
  balance_to_finish_including_retainage: string;
  retainage_refunded: string;
}): PayApplicationSummary => ({
  originalContractSum: s.original_contract_sum,
  netChangeByChangeOrders: s.net_change_by_change_orders,
  contractSumToDate: s.contract_sum_to_date,
  totalCompletedAndStored: s.total_completed_and_stored,
  retainageOnCompletedWork: s.retainage_on_completed_work,
  retainageOnStoredMaterials: s.retainage_on_stored_materials,
  totalRetainage: s.total_retainage,
  totalEarnedLessRetainage: s.total_earned_less_retainage,
  previousCertificates: s.previous_certificates,
  currentPaymentDue: s.current_payment_due,
  balanceToFinishIncludingRetainage: s.balance_to_finish_including_retainage,
  // The calculator leaves it out when none was refunded ("0.00" in the API), so the line is not drawn.
  ...(s.retainage_refunded === '0.00' ? {} : { retainageRefunded: s.retainage_refunded }),
});
