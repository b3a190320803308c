import { formatDollars } from '@escrow/domain';
import { Alert, Button, Card, Input, Tag } from 'antd';
import { Link, useParams } from 'react-router-dom';

import { isOwnLegalName, legalNameOf, useAgreement, useSignAgreement, useSignedAgreement } from '../../api/agreement';
import { useBankAccounts } from '../../api/bank-accounts';
import { BankAccountForm } from '../../components/BankAccountForm';
import { Form } from '../../components/Form';
import { PaymentDestination } from '../../components/PaymentDestination';
import { Spinner } from '../../components/Spinner';
import { WideTable } from '../../components/WideTable';
import { useCurrentUser } from '../../features/auth/api/get-current-user';
import { isLoggedIn } from '../../features/auth/api/types';
import { DepositAccounts } from '../../features/bank-accounts/components/DepositAccounts';
import { PayoutAccounts } from '../../features/bank-accounts/components/PayoutAccounts';
import { PayoutChangeBanner } from '../../features/bank-accounts/components/PayoutChangeBanner';
import { usePayments } from '../../features/projects/api/projects';
import { errorMessage } from '../../lib/api-client';
import { PortalShell } from './PortalShell';

/** /portal/ach/{job_id} and /portal/job/{job_id}/ach: the accounts the buyer's deposits come from. */
export function AchPage() {
  const jobId = Number(useParams().jobId);
  const accounts = useBankAccounts();
  return (
    <PortalShell checks={['customer']} wide={false}>
      <h1>Bank account for deposits</h1>
      <p>
        Deposits to escrow for project #{jobId} are drawn by ACH from the newest account you link; they take up to 5 business days. We keep only the last four
        digits, and we email you whenever the account changes.
      </p>
      {accounts.isPending ? (
        <Spinner label="Loading your bank accounts…" />
      ) : accounts.isError ? (
        <Alert type="error" showIcon title={errorMessage(accounts.error)} />
      ) : (
        <DepositAccounts accounts={accounts.data.deposit_accounts} jobId={jobId} />
      )}
      <Card title="Link an account" style={{ marginTop: 16 }}>
        <BankAccountForm purpose="deposit" jobId={jobId} />
      </Card>
      <p style={{ marginTop: 16 }}>
        <Link to={`/portal/job/${jobId}`}>Back to the project</Link>
      </p>
    </PortalShell>
  );
}

/** /portal/direct-deposit: the company's payout accounts, their micro-deposits, the payout account and a pending change. */
export function DirectDepositPage() {
  const accounts = useBankAccounts();
  const { data: user } = useCurrentUser();
  const companyName = isLoggedIn(user) && user.company ? user.company.name : 'your company';
  const current = accounts.data?.payout_account ?? null;
  return (
    <PortalShell checks={['company']} wide={false}>
      <h1>Payout account</h1>
      <p>
        Released milestone funds for your company are paid into the payout account. A new account receives money only after you confirm the two small deposits
        we send to it.
      </p>
      {accounts.isPending ? (
        <Spinner label="Loading your bank accounts…" />
      ) : accounts.isError ? (
        <Alert type="error" showIcon title={errorMessage(accounts.error)} />
      ) : (
        <>
          <PayoutChangeBanner change={accounts.data.payout_change} />
          {current ? (
            <Alert type="info" showIcon title={`Payouts go to ${current.masked} (${current.holder_name}).`} style={{ marginBottom: 16 }} />
          ) : (
            <Alert type="warning" showIcon title="No payout account yet: payouts wait until a verified account is chosen." style={{ marginBottom: 16 }} />
          )}
          <PayoutAccounts accounts={accounts.data.payout_accounts} companyName={companyName} hasPayoutAccount={current !== null} />
        </>
      )}
      <Card title="Link an account" style={{ marginTop: 16 }}>
        <BankAccountForm purpose="payout" />
      </Card>
    </PortalShell>
  );
}

/** /portal/project-agreement/{signer_type}/{job_id}: read the agreement and sign it by typing your name. */
export function AgreementPage() {
  const { signerType, jobId: jobParam } = useParams();
  const jobId = Number(jobParam);
  const { data: user } = useCurrentUser();
  const agreement = useAgreement(jobId);
  const sign = useSignAgreement(jobId);
  const party = signerType === 'company' ? 'company' : 'customer';
  const mine = agreement.data ? (party === 'customer' ? agreement.data.signatures.buyer : agreement.data.signatures.seller) : null;
  const myEarlier = agreement.data?.earlier_signatures?.[party === 'customer' ? 'buyer' : 'seller'] ?? null;
  const legalName = isLoggedIn(user) ? legalNameOf(user) : '';
  const signedLine = (who: string, s: { signed_name: string; at: string } | null) =>
    s ? `${who}: signed by ${s.signed_name} on ${new Date(s.at).toLocaleString()}` : `${who}: not signed yet`;
  return (
    <PortalShell wide={false}>
      <h1>Escrow agreement</h1>
      {agreement.isPending ? (
        <Spinner />
      ) : agreement.isError ? (
        <Alert type="error" showIcon title={errorMessage(agreement.error)} />
      ) : (
        <>
          {!mine && myEarlier && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={`You signed an earlier text of this agreement on ${new Date(myEarlier.at).toLocaleString()}. Its terms have changed since.`}
              description="Read the text below and sign it again: the next deposit waits until both parties have signed it."
              action={<Link to={`/portal/signed/${myEarlier.contract_name}`}>The text you signed</Link>}
            />
          )}
          <pre className="el-agreement">{agreement.data.text}</pre>
          <section aria-label="Signatures">
            <h2>Signatures</h2>
            <p>{signedLine('Buyer', agreement.data.signatures.buyer)}</p>
            <p>{signedLine('Seller', agreement.data.signatures.seller)}</p>
          </section>
          {mine ? (
            <Alert
              type="success"
              showIcon
              title={`You signed as ${mine.signed_name} on ${new Date(mine.at).toLocaleString()}.`}
              action={<Link to={`/portal/signed/${agreement.data.contract_name}`}>View the signed agreement</Link>}
            />
          ) : (
            <Form
              layout="vertical"
              requiredMark={false}
              onFinish={({ signed_name }: { signed_name: string }) =>
                sign.mutate({ signer_type: party, signed_name, agreement_hash: agreement.data.agreement_hash })
              }
            >
              <Form.Item
                label="Type your full legal name to sign"
                name="signed_name"
                extra={legalName ? `As on your account: ${legalName}` : undefined}
                validateTrigger="onSubmit"
                rules={[
                  { required: true, whitespace: true, message: 'Type your full name to sign.' },
                  {
                    validator: (_, value: string | undefined) =>
                      !value?.trim() || !isLoggedIn(user) || isOwnLegalName(value, user)
                        ? Promise.resolve()
                        : Promise.reject(new Error(`Sign with your own legal name as it is on your account: ${legalName}.`)),
                  },
                ]}
              >
                <Input autoComplete="name" />
              </Form.Item>
              {sign.isError && <Alert type="error" showIcon title={errorMessage(sign.error)} style={{ marginBottom: 16 }} />}
              <Button type="primary" htmlType="submit" loading={sign.isPending}>
                Sign the agreement
              </Button>
            </Form>
          )}
          <p style={{ marginTop: 16 }}>
            <Link to={`/portal/job/${jobId}`}>Back to the project</Link>
          </p>
        </>
      )}
    </PortalShell>
  );
}

/** /portal/signed/{contract_name} (and /admin/signed/…): the signed agreement; header and footer are hidden. */
export function SignedAgreementPage() {
  const name = useParams().contractName ?? '';
  const signed = useSignedAgreement(name);
  return (
    <PortalShell wide={false}>
      {signed.isPending ? (
        <Spinner />
      ) : signed.isError ? (
        <Alert type="error" showIcon title={errorMessage(signed.error)} />
      ) : (
        <article aria-label="Signed agreement">
          <pre className="el-agreement">{signed.data.text}</pre>
          <h2>Signatures</h2>
          <p>
            Buyer:{' '}
            {signed.data.signatures.buyer
              ? `${signed.data.signatures.buyer.signed_name}, ${new Date(signed.data.signatures.buyer.at).toLocaleString()}`
              : 'not signed yet'}
          </p>
          <p>
            Seller:{' '}
            {signed.data.signatures.seller
              ? `${signed.data.signatures.seller.signed_name}, ${new Date(signed.data.signatures.seller.at).toLocaleString()}`
              : 'not signed yet'}
          </p>
          <p className="el-muted" style={{ overflowWrap: 'anywhere' }}>
            Document {signed.data.contract_name} · SHA-256 {signed.data.agreement_hash}
          </p>
          <Button onClick={() => window.print()}>Print</Button>
        </article>
      )}
    </PortalShell>
  );
}

/** Why money went back to the buyer, as the Refunds table says it. */
const REFUND_REASONS: Record<string, string> = {
  deadline: 'Response deadline passed',
  dispute: 'Dispute',
  retainage: 'Retainage, returned by the retainage dispute decision',
};

/** /portal/job/{job_id}/payment-release: what was released to whom and when. */
export function PaymentReleasePage() {
  const jobId = Number(useParams().jobId);
  const payments = usePayments(jobId);
  const when = (d: string | null) => (d ? new Date(d).toLocaleString() : '—');
  return (
    <PortalShell>
      <h1>Payments of project #{jobId}</h1>
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
          <p style={{ marginTop: 16 }}>
            <Link to={`/portal/job/${jobId}`}>Back to the project</Link>
          </p>
        </>
      )}
    </PortalShell>
  );
}
