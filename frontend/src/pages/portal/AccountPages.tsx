import { formatDollars } from '@escrow/domain';
import { Alert, Tag } from 'antd';
import { Link, useParams } from 'react-router-dom';

import { PaymentDestination } from '../../components/PaymentDestination';
import { Spinner } from '../../components/Spinner';
import { WideTable } from '../../components/WideTable';
import { space } from '../../design/tokens';
import { AgreementSigning, SignedAgreementDocument } from '../../features/agreements';
import { DepositAccountSettings, PayoutAccountSettings } from '../../features/bank-accounts';
import { usePayments } from '../../features/projects/api/projects';
import { errorMessage } from '../../lib/api-client';
import { PortalShell } from './PortalShell';

/** /portal/ach/{job_id} and /portal/job/{job_id}/ach: the accounts the buyer's deposits come from. */
export function AchPage() {
  const projectId = Number(useParams().projectId);
  return (
    <PortalShell checks={['customer']} wide={false}>
      <DepositAccountSettings projectId={projectId} />
    </PortalShell>
  );
}

/** /portal/direct-deposit: the company's payout accounts, their micro-deposits, the payout account and a pending change. */
export function DirectDepositPage() {
  return (
    <PortalShell checks={['company']} wide={false}>
      <PayoutAccountSettings />
    </PortalShell>
  );
}

/** /portal/project-agreement/{signer_type}/{job_id}: read the agreement and sign it by typing your name. */
export function AgreementPage() {
  const { signerType, projectId } = useParams();
  return (
    <PortalShell wide={false}>
      <AgreementSigning projectId={Number(projectId)} signerType={signerType} />
    </PortalShell>
  );
}

/** /portal/signed/{contract_name} (and /admin/signed/…): the signed agreement; header and footer are hidden. */
export function SignedAgreementPage() {
  const name = useParams().contractName ?? '';
  return (
    <PortalShell wide={false}>
      <SignedAgreementDocument name={name} />
    </PortalShell>
  );
}

/** Why money went back to the buyer, as the Refunds table says it. */
const REFUND_REASONS: Record<string, string> = {
  deadline: 'Response deadline passed',
  dispute: 'Dispute',
  retainage: 'Retainage, returned by the retainage dispute decision',
  balance_return: 'Unused escrow funds returned',
};

/** /portal/job/{job_id}/payment-release: what was released to whom and when. */
export function PaymentReleasePage() {
  const projectId = Number(useParams().projectId);
  const payments = usePayments(projectId);
  const when = (d: string | null) => (d ? new Date(d).toLocaleString() : '—');
  return (
    <PortalShell>
      <h1>Payments of project #{projectId}</h1>
      {payments.isPending ? (
        <Spinner />
      ) : payments.isError ? (
        <Alert type="error" showIcon title={errorMessage(payments.error)} />
      ) : (
        <>
          <h2>Released to payees</h2>
          <WideTable
            aria-label="Released to payees"
            rowKey="disbursement_id"
            dataSource={payments.data.disbursements}
            pagination={false}
            scroll={{ x: 700 }}
            columns={[
              { title: 'Milestone', dataIndex: 'milestone' },
              {
                title: 'Paid to',
                render: (_, d) => (
                  <>
                    {d.name}
                    <PaymentDestination payment={d} />
                  </>
                ),
              },
              { title: 'Amount', align: 'right', render: (_, d) => formatDollars(d.amount) },
              { title: 'Fee', align: 'right', render: (_, d) => formatDollars(d.fee) },
              { title: 'Retainage withheld', align: 'right', render: (_, d) => formatDollars(d.retainage ?? '0.00') },
              { title: 'Status', render: (_, d) => <Tag color={d.status === 'paid' ? 'green' : 'gold'}>{d.status === 'paid' ? 'Paid' : 'On its way'}</Tag> },
              { title: 'Requested', render: (_, d) => when(d.created) },
              { title: 'Paid', render: (_, d) => when(d.paid_at) },
            ]}
          />
          {payments.data.retainage?.length > 0 && (
            <>
              <h2>Retainage</h2>
              <WideTable
                aria-label="Retainage"
                rowKey={(r) => `${r.milestone_id}-${r.mp_id}`}
                dataSource={payments.data.retainage}
                pagination={false}
                scroll={{ x: 700 }}
                columns={[
                  { title: 'Milestone', dataIndex: 'milestone' },
                  { title: 'Payee', dataIndex: 'name' },
                  { title: 'Withheld', align: 'right', render: (_, r) => formatDollars(r.withheld) },
                  { title: 'Held now', align: 'right', render: (_, r) => formatDollars(r.held) },
                  { title: 'Released', align: 'right', render: (_, r) => formatDollars(r.released) },
                  { title: 'Refunded', align: 'right', render: (_, r) => formatDollars(r.refunded) },
                  {
                    title: 'Status',
                    render: (_, r) => ({ held: 'Held', requested: 'Released, on its way', paid: 'Paid', refunded: 'Refunded to the buyer' })[r.status],
                  },
                  { title: 'Paid', render: (_, r) => when(r.paid_at) },
                ]}
              />
            </>
          )}
          <h2>Deposits</h2>
          <WideTable
            aria-label="Deposits"
            rowKey="md_id"
            dataSource={payments.data.deposits}
            pagination={false}
            scroll={{ x: 600 }}
            columns={[
              { title: 'Milestone', dataIndex: 'milestone' },
              { title: 'Amount', align: 'right', render: (_, d) => formatDollars(d.amount) },
              { title: 'Status', render: (_, d) => d.payment_status.charAt(0).toUpperCase() + d.payment_status.slice(1) },
              { title: 'From account', render: (_, d) => (d.bank_last4 ? `•••• ${d.bank_last4}` : 'Sandbox account') },
              { title: 'Requested', render: (_, d) => when(d.created) },
              { title: 'Settled', render: (_, d) => when(d.settled_at) },
            ]}
          />
          {payments.data.refunds.length > 0 && (
            <>
              <h2>Refunds</h2>
              <WideTable
                aria-label="Refunds"
                // A retainage refund's id is its retainage dispute's, shared by the project's milestones.
                rowKey={(r) => `${r.reason}-${r.milestone_id}-${r.refund_id}`}
                dataSource={payments.data.refunds}
                pagination={false}
                columns={[
                  { title: 'Milestone', dataIndex: 'milestone' },
                  { title: 'Amount', align: 'right', render: (_, r) => formatDollars(r.amount) },
                  { title: 'Why', render: (_, r) => REFUND_REASONS[r.reason] ?? 'Dispute' },
                  { title: 'Status', render: (_, r) => (r.status === 'paid' ? 'Paid' : 'On its way') },
                  { title: 'Paid', render: (_, r) => when(r.paid_at) },
                ]}
              />
            </>
          )}
          <p style={{ marginTop: space.base }}>
            <Link to={`/portal/job/${projectId}`}>Back to the project</Link>
          </p>
        </>
      )}
    </PortalShell>
  );
}
