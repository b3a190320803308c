import { formatDollars } from '@escrow/domain';

import { errorMessage } from '../../../lib/api-client';
import { usePayApplication } from '../api/pay-applications';
import { PayoutWaiver } from './PayoutWaiver';

const PAYMENT = { awaiting_funds: 'Waiting for cleared funds', paying: 'Being paid', paid: 'Paid' } as const;

/**
 * One accepted application's payment: each payee's payout, whether it is paid, and where its lien
 * waivers stand. A payout due a waiver goes out once a user of the payee company signs it on the
 * Lien waivers page (a subcontractor is no party to the project, so that page is where it signs).
 */
function ApplicationPayment({
  projectId,
  number,
  nameOf,
  isCompany,
}: {
  projectId: number;
  number: number;
  nameOf: (id: number) => string;
  isCompany: boolean;
}) {
  const application = usePayApplication(projectId, number);
  if (application.isError) return <p role="alert">{errorMessage(application.error)}</p>;
  const payment = application.data?.payment;
  if (!payment) return null;
  return (
    <div className="el-billing-payment" aria-label={`Payment of pay application ${number}`} role="group">
      <h3>{`Pay application ${number}: ${formatDollars(payment.total)}, ${PAYMENT[payment.status].toLowerCase()}`}</h3>
      <ul>
        {payment.payees.map((p) => (
          <li key={p.payee_id}>
            {`${nameOf(p.payee_id)}: ${formatDollars(p.amount)}${p.paid ? ', paid' : ''} `}
            <PayoutWaiver payout={p} payee={nameOf(p.payee_id)} paying={`pay application ${number}`} isCompany={isCompany} />
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The payments of the accepted applications, newest first, with their payees' lien waivers. */
export function BillingPayments({
  projectId,
  accepted,
  nameOf,
  isCompany,
}: {
  projectId: number;
  accepted: number[];
  nameOf: (id: number) => string;
  isCompany: boolean;
}) {
  if (accepted.length === 0) return null;
  return (
    <>
      {[...accepted].reverse().map((number) => (
        <ApplicationPayment key={number} projectId={projectId} number={number} nameOf={nameOf} isCompany={isCompany} />
      ))}
    </>
  );
}
