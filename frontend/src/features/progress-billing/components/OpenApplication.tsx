import { type CompanyNameMatch, type ProgressBillingView } from '@escrow/domain';
import { Alert, Button } from 'antd';
import { useState } from 'react';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAcceptCertification, usePayApplication } from '../api/pay-applications';
import { ContinuationSheet } from './ContinuationSheet';
import { G702Summary, summaryOfView } from './G702Summary';
import { PayApplicationGrid } from './PayApplicationGrid';
import { ReviewGrid } from './ReviewGrid';
import { RoleReasons, useBillingPermissions } from './role-gate';
import { TEXTS } from './texts';

/**
 * The application waiting for certification or acceptance: the buyer or the certifier certifies
 * it; the seller waits, revises it, or accepts a certificate with a reduced or refused line.
 */
export function OpenApplication({
  projectId,
  view,
  number,
  nameOf,
}: {
  projectId: number;
  view: ProgressBillingView;
  number: number;
  nameOf: (companyId: number) => CompanyNameMatch;
}) {
  const application = usePayApplication(projectId, number);
  const accept = useAcceptCertification(projectId);
  const [revising, setRevising] = useState(false);
  const may = useBillingPermissions();
  const accepts = may('AcceptCertification');
  const revises = may('RevisePayApplication');
  if (application.isError) return <p role="alert">{errorMessage(application.error)}</p>;
  if (!application.data) return <Spinner />;
  const a = application.data;
  const seller = view.viewer === 'company';
  const certifies = view.viewer === 'customer' || view.viewer === 'certifier';
  if (revising && seller) return <PayApplicationGrid projectId={projectId} view={view} revise={a} nameOf={nameOf} onDone={() => setRevising(false)} />;
  if (a.status === 'submitted' && certifies)
    return <ReviewGrid key={`${a.application_number}-${a.revision}`} projectId={projectId} view={view} application={a} nameOf={nameOf} />;
  const payees = a.payees.map((p) => ({
    payeeId: p.payee_id,
    currentPaymentDue: p.current_payment_due,
    retainageThisPeriod: p.retainage_this_period,
    retainageHeld: p.retainage_held,
  }));
  const title = `Pay application ${a.application_number}${a.revision > 1 ? `, revision ${a.revision}` : ''} (period to ${a.period_to})`;
  return (
    <section aria-labelledby="open-application-title">
      <h3 id="open-application-title">{title}</h3>
      {a.status === 'submitted' ? (
        <p>{TEXTS.waitingCertification}</p>
      ) : (
        <p>
          {seller
            ? 'Certified with a reduced or refused line: accept the certificate, or revise the application.'
            : 'Certified: waiting for the seller to accept the certificate or revise the application.'}
        </p>
      )}
      <ContinuationSheet
        projectId={projectId}
        label={a.figures === 'certified' ? 'Continuation sheet as certified' : 'Continuation sheet as billed'}
        lines={a.lines}
      />
      <G702Summary
        label={a.figures === 'certified' ? 'Summary as certified' : 'Summary as billed'}
        summary={summaryOfView(a.summary)}
        payees={payees}
        nameOf={nameOf}
      />
      {accept.isError && <Alert type="error" showIcon role="alert" title={errorMessage(accept.error)} />}
      {seller && (
        <div className="el-actions">
          {a.status === 'certified' && (
            <Button
              type="primary"
              disabled={!accepts.allowed}
              loading={accept.isPending}
              onClick={() => accept.mutate({ number: a.application_number, revision: a.revision })}
            >
              Accept the certificate
            </Button>
          )}
          <Button disabled={!revises.allowed} onClick={() => setRevising(true)}>
            Revise the application
          </Button>
          <RoleReasons reasons={[a.status === 'certified' ? accepts.reason : null, revises.reason]} />
        </div>
      )}
    </section>
  );
}
