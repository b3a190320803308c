import type { BillingRetainageView, CompanyNameMatch } from '@escrow/domain';
import { formatDollars } from '@escrow/domain';
import { Alert, Button } from 'antd';

import { LightTable } from '../../../components/LightTable';
import { LightTag } from '../../../components/LightTag';
import { Notice } from '../../../components/Notice';
import { errorMessage } from '../../../lib/api-client';
import { useBillingRetainage } from '../api/billing-retainage';
import { PayoutWaiver } from './PayoutWaiver';
import { useBillingPermissions } from './role-gate';
import { TEXTS } from './texts';

const day = (iso: string) => new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
const side = { customer: 'buyer', company: 'seller' } as const;

type PayeeRow = { payee_id: number; amount: string };
type PayoutRow = BillingRetainageView['releases'][number]['payees'][number];

/**
 * The retainage held for each payee and its release at substantial completion
 * (docs/progress-billing.md, "Retainage"): a party asks for it once no application is open and
 * every payment is funded, the other approves (the buyer with a step-up, asked for in place by the
 * API client), and each payee is paid its share. The API says what the asking party may do and
 * why not; it decides again.
 */
export function BillingRetainage({
  projectId,
  retainage,
  nameOf,
  isCompany,
}: {
  projectId: number;
  retainage: BillingRetainageView;
  nameOf: (companyId: number) => CompanyNameMatch;
  isCompany: boolean;
}) {
  const act = useBillingRetainage(projectId);
  const may = useBillingPermissions();
  const asking = may('RequestBillingRetainageRelease');
  const approving = may('ApproveBillingRetainageRelease');
  const { request } = retainage;
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
          <span className="el-muted">Held now</span>
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
      {retainage.blocked && retainage.blocked.code !== 'no_retainage_held' && <p className="el-muted">{retainage.blocked.message}</p>}
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
        {[retainage.can_request && asking.reason, retainage.can_approve && approving.reason].filter(Boolean).map((reason) => (
          <p key={reason as string} className="el-muted">
            {reason}
          </p>
        ))}
      </div>
      {act.isError && <Alert type="error" showIcon role="alert" title={errorMessage(act.error)} />}
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
