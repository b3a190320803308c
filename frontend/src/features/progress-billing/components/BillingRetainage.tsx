import type { BillingRetainageView, CompanyNameMatch } from '@escrow/domain';
import { formatDollars } from '@escrow/domain';
import { Alert, App, Button } from 'antd';
import { type ReactNode, useState } from 'react';

import { LightTable } from '../../../components/LightTable';
import { LightTag } from '../../../components/LightTag';
import { Notice } from '../../../components/Notice';
import { RetainageDisputeDialog } from '../../../components/RetainageDisputeDialog';
import { errorMessage } from '../../../lib/api-client';
import { useBillingRetainage, useDisputeBillingRetainage } from '../api/billing-retainage';
import { PayoutWaiver } from './PayoutWaiver';
import { useBillingPermissions } from './role-gate';
import { TEXTS } from './texts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const side = { customer: 'buyer', company: 'seller' } as const;

type PayeeRow = { payee_id: number; amount: string };
type PayoutRow = BillingRetainageView['releases'][number]['payees'][number];

/** The files of an open retainage dispute, drawn by the page (as the milestone Retainage panel's are). */
export type RetainageDisputeEvidence = (dispute: { disputeId: number; yourParty: 'buyer' | 'seller' | null }) => ReactNode;

/**
 * The retainage held for each payee and its release at substantial completion
 * (docs/progress-billing.md, "Retainage"): a party asks for it once no application is open and
 * every payment is funded, the other approves (the buyer with a step-up, asked for in place by the
 * API client), and each payee is paid its share. Either party may dispute it instead (the same
 * dispute as a milestone project's): an administrator then releases it or refunds it to the buyer.
 * The API says what the asking party may do and why not; it decides again.
 */
export function BillingRetainage({
  projectId,
  retainage,
  nameOf,
  isCompany,
  evidence,
}: {
  projectId: number;
  retainage: BillingRetainageView;
  nameOf: (companyId: number) => CompanyNameMatch;
  isCompany: boolean;
  /** The open dispute's files, shown under it. */
  evidence?: ReactNode;
}) {
  const act = useBillingRetainage(projectId);
  const disputeAct = useDisputeBillingRetainage(projectId);
  const { message } = App.useApp();
  const [disputing, setDisputing] = useState(false);
  const may = useBillingPermissions();
  const asking = may('RequestBillingRetainageRelease');
  const approving = may('ApproveBillingRetainageRelease');
  const disputer = may('DisputeBillingRetainage');
  const { request, dispute } = retainage;
  const sendDispute = (statement: string, sent: () => void) =>
    disputeAct.mutate(statement, {
      onSuccess: () => {
        setDisputing(false);
        sent();
        void message.success('Retainage dispute opened. Our team will review it.');
      },
    });
  const payeeColumns = [
    { title: 'Payee', render: (_: unknown, p: PayeeRow) => nameOf(p.payee_id).name },
    { title: 'Amount', align: 'right' as const, render: (_: unknown, p: PayeeRow) => formatDollars(p.amount) },
  ];
  const payoutColumns = (releaseNumber: number) => [
    ...payeeColumns,
    { title: 'Payout', render: (_: unknown, p: PayoutRow) => <LightTag colour={p.paid ? 'green' : 'blue'}>{p.paid ? 'Paid' : 'Paying'}</LightTag> },
    {
      title: 'Lien waiver',
      render: (_: unknown, p: PayoutRow) => (
        <PayoutWaiver payout={p} payee={nameOf(p.payee_id).name} paying={`retainage release ${releaseNumber}`} isCompany={isCompany} />
      ),
    },
  ];
  return (
    <>
      <p className="el-muted">{TEXTS.retainageExplained}</p>
      <ul className="el-billing-figures" aria-label="Retainage figures">
        <li>
          {/* Withheld by the certificates; in escrow only once their payments are funded. */}
          <span className="el-muted">{retainage.blocked?.code === 'payment_awaiting_funds' ? 'Withheld, not yet in escrow' : 'Held now'}</span>
          <strong>{formatDollars(retainage.held)}</strong>
        </li>
      </ul>
      <LightTable<PayeeRow>
        label="Retainage held by payee"
        size="small"
        rowKey="payee_id"
        rows={retainage.held_by_payee}
        empty={TEXTS.noRetainageHeld}
        columns={payeeColumns}
      />
      {request && (
        <Notice tone="info" title={`The ${side[request.party]} asked for the retainage release on ${day(request.at)}`}>
          {`Approving it pays ${formatDollars(request.total)}: ${request.payees.map((p) => `${nameOf(p.payee_id).name} ${formatDollars(p.amount)}`).join(', ')}.`}
        </Notice>
      )}
      {dispute && (
        <Notice tone="warning" title={`The ${side[dispute.party]} disputed the retainage on ${day(dispute.at)}`}>
          {`“${dispute.statement}” An administrator will release it to the payees or refund it to the buyer${dispute.proposal ? '; a resolution waits for a second administrator' : ''}.`}
        </Notice>
      )}
      {dispute && evidence}
      {retainage.blocked && !['no_retainage_held', 'retainage_disputed'].includes(retainage.blocked.code) && (
        <p className="el-muted">{retainage.blocked.message}</p>
      )}
      <div className="el-actions">
        {retainage.can_request && asking.allowed && (
          <Button type="primary" loading={act.isPending} onClick={() => act.mutate('request')}>
            Request retainage release
          </Button>
        )}
        {retainage.can_approve && approving.allowed && (
          <Button type="primary" loading={act.isPending} onClick={() => act.mutate('approve')}>
            Approve retainage release
          </Button>
        )}
        {retainage.can_dispute && disputer.allowed && (
          <Button onClick={() => setDisputing(true)} aria-haspopup="dialog">
            Dispute the retainage
          </Button>
        )}
        {[...new Set([retainage.can_request && asking.reason, retainage.can_approve && approving.reason, retainage.can_dispute && disputer.reason])]
          .filter(Boolean)
          .map((reason) => (
            <p key={reason as string} className="el-muted">
              {reason}
            </p>
          ))}
      </div>
      {act.isError && <Alert type="error" showIcon role="alert" title={errorMessage(act.error)} />}
      <RetainageDisputeDialog
        id={`billing-retainage-dispute-${projectId}`}
        open={disputing}
        sending={disputeAct.isPending}
        onSend={sendDispute}
        onCancel={() => setDisputing(false)}
      />
      {disputeAct.isError && <Alert type="error" showIcon role="alert" title={errorMessage(disputeAct.error)} />}
      {retainage.decisions.length > 0 && (
        <ul className="el-plain-list" aria-label="Retainage dispute decisions">
          {retainage.decisions.map((d) => (
            <li key={d.dispute_id}>
              <LightTag colour={d.resolution === 'release' ? 'green' : 'orange'}>{d.resolution === 'release' ? 'Released' : 'Refunded'}</LightTag>
              {` ${formatDollars(d.amount)} ${d.resolution === 'release' ? 'to the payees' : 'to the buyer'} by our team on ${day(d.at)}${d.note ? `: ${d.note}` : ''}`}
            </li>
          ))}
        </ul>
      )}
      {retainage.releases.length > 0 && <h3>Releases</h3>}
      {retainage.releases.map((r) => (
        <section key={r.release_number} aria-label={`Retainage release ${r.release_number}`}>
          <p>
            <strong>{`Release ${r.release_number}`}</strong>{' '}
            <LightTag colour={r.status === 'paid' ? 'green' : 'blue'}>{r.status === 'paid' ? 'Paid' : 'Paying'}</LightTag>
            {` ${formatDollars(r.total)} on ${day(r.at)}${r.approved_by_party ? `, approved by the ${side[r.approved_by_party]}` : ''}.`}
          </p>
          <LightTable<PayoutRow>
            label={`Payouts of release ${r.release_number}`}
            size="small"
            rowKey="payee_id"
            rows={r.payees}
            columns={payoutColumns(r.release_number)}
          />
        </section>
      ))}
    </>
  );
}
