import './progress-billing.css';

import type { CompanyNameMatch } from '@escrow/domain';
import { Alert, Button, Radio } from 'antd';
import { useState } from 'react';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useSchedule } from '../api/get-schedule';
import { usePayApplications } from '../api/pay-applications';
import { useChooseBilling } from '../api/schedule';
import { useSubmitDraft } from '../api/submit-draft';
import { BillingHistory } from './BillingHistory';
import { BillingRetainage, type RetainageDisputeEvidence } from './BillingRetainage';
import { CertifierInvitation } from './CertifierInvitation';
import { CertifierInvitationList } from './CertifierInvitationList';
import { ChangeOrderDialog } from './ChangeOrderDialog';
import { ChangeOrders } from './ChangeOrders';
import { EscrowBalance } from './EscrowBalance';
import { OpenApplication } from './OpenApplication';
import { PayApplicationGrid } from './PayApplicationGrid';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { ScheduleEditor } from './ScheduleEditor';
import { CurrentSchedule, ScheduleVersions } from './ScheduleSection';
import { TEXTS } from './texts';

/** On the draft: milestones or progress (either party); fixed once the project is submitted. */
function BillingMethod({ projectId, billing, isDraft }: { projectId: number; billing: 'milestones' | 'progress'; isDraft: boolean }) {
  const choose = useChooseBilling(projectId);
  const may = useBillingPermissions()('ChooseBillingMethod');
  if (!isDraft) return <p>{billing === 'progress' ? 'This project bills by progress against a schedule of values.' : TEXTS.milestonesBilled}</p>;
  return (
    <>
      <Radio.Group
        aria-label="How the project bills"
        value={billing}
        disabled={choose.isPending || !may.allowed}
        onChange={(e) => choose.mutate(e.target.value as 'milestones' | 'progress')}
        options={[
          { value: 'milestones', label: 'By milestones (a fixed amount each, paid when done)' },
          { value: 'progress', label: 'By progress (a schedule of values, a pay application each period)' },
        ]}
      />
      <p className="el-muted">{TEXTS.billingFixed}</p>
      <RoleReasons reasons={[may.reason]} />
      {choose.isError && <Alert type="error" showIcon role="alert" title={errorMessage(choose.error)} />}
    </>
  );
}

/** A draft billed by progress is submitted here: it has no milestones, which the new-project screen asks for. */
function SubmitDraft({ projectId }: { projectId: number }) {
  const submit = useSubmitDraft(projectId);
  return (
    <>
      <p>{TEXTS.submitWithoutMilestones}</p>
      {submit.isError && <Alert type="error" showIcon role="alert" title={errorMessage(submit.error)} />}
      <Button type="primary" loading={submit.isPending} onClick={() => submit.mutate()}>
        Submit Project
      </Button>
    </>
  );
}

/**
 * The project page's Billing tab (issue 38): the billing method, the schedule of values with its
 * versions, change orders, the open pay application (billed, certified, accepted) and the
 * billing history. Who may do what follows the API's `viewer`; the API decides again.
 */
export function BillingPanel({
  projectId,
  isDraft,
  seller,
  disputeEvidence,
}: {
  projectId: number;
  isDraft: boolean;
  seller: CompanyNameMatch | null;
  /** The open retainage dispute's files, as the page composes them (the attachments feature's). */
  disputeEvidence?: RetainageDisputeEvidence;
}) {
  const schedule = useSchedule(projectId);
  const may = useBillingPermissions();
  const progress = schedule.data?.billing === 'progress';
  const applications = usePayApplications(projectId, progress);
  // Companies picked in this session (a new line's payee) until the answer names them.
  const [known, setKnown] = useState(() => new Map<number, CompanyNameMatch>(seller ? [[seller.company_id, seller]] : []));
  const [editing, setEditing] = useState(false);
  const [billing, setBilling] = useState(false);
  const [changeOrder, setChangeOrder] = useState(false);
  if (schedule.isError) return <p role="alert">{errorMessage(schedule.error)}</p>;
  if (!schedule.data) return <Spinner />;
  const view = schedule.data;
  const named = new Map(view.payee_names.map((p) => [p.company_id, p]));
  const nameOf = (id: number) => named.get(id) ?? known.get(id) ?? { company_id: id, name: TEXTS.unlistedCompany };
  const onNamed = (company: CompanyNameMatch) => setKnown((all) => new Map(all).set(company.company_id, company));
  const isSeller = view.viewer === 'company';
  const isParty = isSeller || view.viewer === 'customer';
  const latest = view.versions.at(-1) ?? null;
  const locked = (applications.data?.length ?? 0) > 0;
  const current = view.versions.find((v) => v.version_id === view.current_version_id) ?? null;
  const proposes = may('ProposeSchedule');
  const ordersChange = may('ProposeChangeOrder');
  const bills = may('SubmitPayApplication');

  return (
    <div>
      <section className="el-billing-section" aria-labelledby="billing-method-title">
        <h2 id="billing-method-title">Billing method</h2>
        {isParty ? <BillingMethod projectId={projectId} billing={view.billing} isDraft={isDraft} /> : <p>{view.billing}</p>}
        {isDraft && progress && isParty && <SubmitDraft projectId={projectId} />}
      </section>
      {progress && (
        <>
          <section className="el-billing-section" aria-labelledby="schedule-title">
            <h2 id="schedule-title">Schedule of values</h2>
            {editing ? (
              <ScheduleEditor
                projectId={projectId}
                basedOn={latest && latest.status !== 'closed' ? latest : current}
                seller={seller}
                nameOf={nameOf}
                onNamed={onNamed}
                onDone={() => setEditing(false)}
              />
            ) : (
              <>
                <CurrentSchedule view={view} nameOf={nameOf} />
                <h3>Versions</h3>
                <ScheduleVersions projectId={projectId} view={view} nameOf={nameOf} />
                {isSeller &&
                  (locked ? (
                    <p className="el-muted">{TEXTS.scheduleLocked}</p>
                  ) : (
                    <>
                      <Button disabled={!proposes.allowed} onClick={() => setEditing(true)}>
                        {view.versions.length === 0 ? 'Propose the schedule of values' : 'Propose a new version'}
                      </Button>
                      <RoleReasons reasons={[proposes.reason]} />
                    </>
                  ))}
              </>
            )}
          </section>
          {view.current_version_id !== null && (
            <section className="el-billing-section" aria-labelledby="change-orders-title">
              <h2 id="change-orders-title">Change orders</h2>
              <ChangeOrders projectId={projectId} view={view} />
              {isParty && (
                <>
                  <Button disabled={!ordersChange.allowed} onClick={() => setChangeOrder(true)}>
                    Propose a change order
                  </Button>
                  <RoleReasons reasons={[ordersChange.reason]} />
                </>
              )}
              <ChangeOrderDialog open={changeOrder} projectId={projectId} view={view} seller={seller} onNamed={onNamed} onClose={() => setChangeOrder(false)} />
            </section>
          )}
          {view.current_version_id !== null && (
            <section className="el-billing-section" aria-labelledby="pay-application-title">
              <h2 id="pay-application-title">Pay application</h2>
              {view.open_application_number !== null ? (
                <OpenApplication projectId={projectId} view={view} number={view.open_application_number} nameOf={nameOf} />
              ) : billing ? (
                <PayApplicationGrid projectId={projectId} view={view} revise={null} nameOf={nameOf} onDone={() => setBilling(false)} />
              ) : isSeller ? (
                <>
                  <Button type="primary" disabled={!bills.allowed} onClick={() => setBilling(true)}>
                    Bill this period
                  </Button>
                  <RoleReasons reasons={[bills.reason]} />
                </>
              ) : (
                <p className="el-empty">No pay application is waiting.</p>
              )}
            </section>
          )}
          {view.escrow && (
            <section className="el-billing-section" aria-labelledby="escrow-title">
              <h2 id="escrow-title">Escrow balance</h2>
              <EscrowBalance projectId={projectId} escrow={view.escrow} isBuyer={view.viewer === 'customer'} isSeller={view.viewer === 'company'} />
            </section>
          )}
          {view.retainage && view.current_version_id !== null && (
            <section className="el-billing-section" aria-labelledby="retainage-title">
              <h2 id="retainage-title">Retainage</h2>
              <BillingRetainage
                projectId={projectId}
                retainage={view.retainage}
                nameOf={nameOf}
                isCompany={isSeller}
                evidence={
                  // The dispute's files are the parties' (and administrators'): the certifier does not read them.
                  isParty && view.retainage.dispute
                    ? disputeEvidence?.({ disputeId: view.retainage.dispute.dispute_id, yourParty: isSeller ? 'seller' : 'buyer' })
                    : null
                }
              />
            </section>
          )}
          <section className="el-billing-section" aria-labelledby="billing-history-title">
            <h2 id="billing-history-title">Billing history</h2>
            <BillingHistory projectId={projectId} nameOf={(id) => nameOf(id).name} isCompany={isSeller} />
          </section>
          {view.viewer === 'customer' && !isDraft && (
            <section className="el-billing-section" aria-labelledby="invite-certifier-title">
              <h2 id="invite-certifier-title">Invite a certifier</h2>
              <CertifierInvitation projectId={projectId} certifier={view.certifier} />
              <h3>Invitations sent</h3>
              <CertifierInvitationList projectId={projectId} />
            </section>
          )}
        </>
      )}
    </div>
  );
}
