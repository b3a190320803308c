import type { AdminBillingPayoutView, AdminBillingView, BillingDepositView, PayApplicationView } from '@escrow/domain';
import { Alert, Card } from 'antd';

import { WideTable } from '../../../components/WideTable';
import { space } from '../../../design/tokens';
import { payApplicationDocumentUrl } from '../api/get-project';
import { Figures } from './Figures';
import { capitalised, dollars, when } from './format';

const paymentLabel = (p: AdminBillingPayoutView['payment']): string =>
  p.kind === 'application' ? `Pay application ${p.application_number}` : `Retainage release ${p.release_number}`;

/** How many lines the certificate reduced or refused: what an auditor looks at first. */
function decisions(a: PayApplicationView): string {
  const count = (d: 'reduced' | 'refused') => a.lines.filter((l) => l.decision?.decision === d).length;
  const [reduced, refused] = [count('reduced'), count('refused')];
  if (a.figures === 'billed') return 'Not certified yet';
  return reduced + refused === 0 ? 'All as billed' : `${reduced} reduced, ${refused} refused`;
}

/** A progress-billed project for an auditor: the escrow balance, the schedule, every pay application and certificate, deposits and payouts. */
export function AdminBilling({ projectId, billing }: { projectId: number; billing: AdminBillingView }) {
  const { schedule } = billing;
  const escrow = schedule.escrow;
  // The schedule's answer names every company its lines pay; a payout names its own payee.
  const payeeNames = new Map<number, string | null>([
    ...billing.schedule.payee_names.map((p): [number, string] => [p.company_id, p.name]),
    ...billing.payouts.filter((p) => p.name !== null).map((p): [number, string | null] => [p.payee_id, p.name]),
  ]);
  return (
    <>
      {escrow?.shortfall && <Alert type="info" showIcon title={escrow.shortfall.message} />}
      <Card size="small" title="Contract and escrow balance" style={{ marginTop: escrow?.shortfall ? space.base : 0 }}>
        <Figures
          label="Billing figures"
          figures={[
            { id: 'billing-original', label: 'Original contract sum', value: dollars(schedule.original_contract_sum) },
            { id: 'billing-contract', label: 'Contract sum to date', value: dollars(schedule.contract_sum) },
            { id: 'billing-pending', label: 'Deposits pending', value: dollars(escrow?.pending) },
            { id: 'billing-clearing', label: 'Clearing', value: dollars(escrow?.clearing) },
            { id: 'billing-cleared', label: 'Cleared, not drawn', value: dollars(escrow?.cleared) },
            { id: 'billing-retainage', label: 'Retainage held', value: dollars(escrow?.retainage_held) },
            { id: 'billing-awaiting', label: 'Awaiting payout', value: dollars(escrow?.awaiting_payout) },
            { id: 'billing-paid', label: 'Paid out', value: dollars(escrow?.paid_out) },
            { id: 'billing-held', label: 'Held in escrow', value: dollars(escrow?.held) },
          ]}
        />
      </Card>
      <Card size="small" title="Pay applications and certificates" style={{ marginTop: space.base }}>
        <WideTable<PayApplicationView>
          size="small"
          rowKey="application_number"
          dataSource={billing.applications}
          pagination={false}
          scroll={{ x: 1000 }}
          aria-label="Pay applications"
          locale={{ emptyText: 'No pay application yet.' }}
          columns={[
            { title: 'No.', render: (_, a) => `${a.application_number}${a.revision > 1 ? ` (revision ${a.revision})` : ''}` },
            { title: 'Period to', dataIndex: 'period_to' },
            { title: 'Status', render: (_, a) => capitalised(a.status) },
            { title: 'Billed (due)', align: 'right', render: (_, a) => dollars(a.billed_summary.current_payment_due) },
            { title: 'Certified (due)', align: 'right', render: (_, a) => (a.figures === 'certified' ? dollars(a.summary.current_payment_due) : '—') },
            { title: 'Retainage to date', align: 'right', render: (_, a) => dollars(a.summary.total_retainage) },
            { title: 'Lines', render: (_, a) => decisions(a) },
            {
              title: 'Certified by',
              render: (_, a) => (a.certification ? `${a.certification.by_role === 'buyer' ? 'Buyer' : 'Certifier'} ${when(a.certification.at)}` : '—'),
            },
            { title: 'Payment', render: (_, a) => (a.payment ? `${dollars(a.payment.total)} · ${a.payment.status.replace('_', ' ')}` : '—') },
            {
              title: 'Documents',
              render: (_, a) => (
                <span className="el-actions">
                  <a
                    href={payApplicationDocumentUrl(projectId, a.application_number, 'pdf')}
                    download
                    aria-label={`PDF of pay application ${a.application_number}`}
                  >
                    PDF
                  </a>{' '}
                  <a
                    href={payApplicationDocumentUrl(projectId, a.application_number, 'csv')}
                    download
                    aria-label={`CSV of pay application ${a.application_number}`}
                  >
                    CSV
                  </a>
                </span>
              ),
            },
          ]}
        />
      </Card>
      <Card
        size="small"
        title={schedule.current_version_number === null ? 'Schedule of values' : `Schedule of values, version ${schedule.current_version_number}`}
        style={{ marginTop: space.base }}
      >
        <WideTable
          size="small"
          rowKey="number"
          dataSource={schedule.lines}
          pagination={false}
          scroll={{ x: 800 }}
          aria-label="Schedule of values"
          columns={[
            { title: 'Item', dataIndex: 'number' },
            { title: 'Description', dataIndex: 'description' },
            { title: 'Payee', render: (_, l) => payeeNames.get(l.payee_id) ?? `Company #${l.payee_id}` },
            { title: 'Scheduled value', align: 'right', render: (_, l) => dollars(l.scheduled_value) },
            { title: 'Work completed', align: 'right', render: (_, l) => dollars(l.work_completed) },
            { title: 'Stored', align: 'right', render: (_, l) => dollars(l.stored_materials) },
            {
              title: 'Retainage',
              render: (_, l) =>
                `${l.retainage.rate}%${l.retainage.reduction ? `, ${l.retainage.reduction.to_rate}% from ${l.retainage.reduction.at_percent_complete}%` : ''}`,
            },
          ]}
        />
      </Card>
      <Card size="small" title="Deposits" style={{ marginTop: space.base }}>
        <WideTable<BillingDepositView>
          size="small"
          rowKey="deposit_id"
          dataSource={escrow?.deposits ?? []}
          pagination={false}
          scroll={{ x: 900 }}
          aria-label="Billing deposits"
          locale={{ emptyText: 'No deposit yet.' }}
          columns={[
            { title: 'Deposit', render: (_, d) => `#${d.deposit_id}` },
            { title: 'Into escrow', align: 'right', render: (_, d) => dollars(d.amount) },
            { title: 'Fee', align: 'right', render: (_, d) => dollars(d.fee) },
            { title: 'Debited', align: 'right', render: (_, d) => dollars(d.total) },
            { title: 'Status', render: (_, d) => `${capitalised(d.status)}${d.status === 'settled' ? (d.cleared ? ', cleared' : ', clearing') : ''}` },
            { title: 'Requested', render: (_, d) => when(d.requested_at) },
            { title: 'Clears', render: (_, d) => when(d.clears_at) },
            { title: 'Account', render: (_, d) => (d.bank_account_last4 ? `…${d.bank_account_last4}` : '—') },
            { title: 'Failure', render: (_, d) => d.failure_reason ?? '—' },
          ]}
        />
      </Card>
      <Card size="small" title="Payouts" style={{ marginTop: space.base }}>
        <WideTable<AdminBillingPayoutView>
          size="small"
          rowKey="payout_id"
          dataSource={billing.payouts}
          pagination={false}
          scroll={{ x: 900 }}
          aria-label="Billing payouts"
          locale={{ emptyText: 'No payout yet.' }}
          columns={[
            { title: 'Payout', render: (_, p) => `#${p.payout_id}` },
            { title: 'Payment', render: (_, p) => paymentLabel(p.payment) },
            { title: 'Payee', render: (_, p) => p.name ?? `Company #${p.payee_id}` },
            { title: 'Amount', align: 'right', render: (_, p) => dollars(p.amount) },
            { title: 'Funded', render: (_, p) => when(p.funded_at) },
            { title: 'Paid', render: (_, p) => (p.paid_at ? when(p.paid_at) : 'Not yet') },
            { title: 'Provider reference', render: (_, p) => p.provider_reference ?? '—' },
          ]}
        />
      </Card>
    </>
  );
}
