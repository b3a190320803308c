import { formatDollars } from '@escrow/domain';
import { useEffect } from 'react';

import { CheckCircleFilledIcon } from '../../../components/icons';
import { PaymentDestination } from '../../../components/PaymentDestination';
import { useToasts } from '../../../components/toasts/toasts';
import { colour, space } from '../../../design/tokens';
import { type MilestoneView, moneyInFlight, useDeposits, usePayees } from '../api/milestones';
import { depositDue } from './deposit';

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** Buyer payments (deposits, statuses capitalised, a check mark when complete) and disbursements. */
export function PaymentsPanel({ milestone }: { milestone: MilestoneView }) {
  const { notification } = useToasts();
  const poll = moneyInFlight(milestone) ? 2000 : false;
  // A milestone without a deposit has nothing to list: no request (five fewer on a new project's page).
  const anyDeposit = milestone.deposit_count > 0 || milestone.deposit_pending;
  const deposits = useDeposits(milestone.job_id, milestone.m_id, poll, anyDeposit);
  const payees = usePayees(milestone.job_id, milestone.m_id, poll);

  // The card's list refreshes on its own; when the milestone's money changed, so did these.
  const fingerprint = `${milestone.status}|${milestone.deposit_count}|${milestone.deposit_sum}|${milestone.deposit_pending}|${milestone.total_disbursed}|${milestone.held}|${milestone.m_id}|${milestone.retainage_held}|${milestone.waivers_missing}`;
  const { refetch: refetchDeposits } = deposits;
  const { refetch: refetchPayees } = payees;
  useEffect(() => {
    if (anyDeposit) void refetchDeposits();
    void refetchPayees();
  }, [fingerprint, anyDeposit, refetchDeposits, refetchPayees]);

  useEffect(() => {
    if (deposits.isError) notification.error({ title: 'Error getting deposits.', description: 'Please reload the page.', duration: 10 });
  }, [deposits.isError, notification]);

  return (
    <div className="el-card-grid">
      <section aria-label="Buyer payments">
        <h4>Buyer payments</h4>
        {deposits.data?.length ? (
          <ul className="el-plain-list">
            {deposits.data.map((d) => (
              <li key={d.md_id} data-testid={`deposit-${d.md_id}`}>
                {formatDollars(d.amount)} — <span>{capitalise(d.payment_status)}</span>
                {d.deposit_complete && <CheckCircleFilledIcon style={{ color: colour.primary, marginLeft: space.xxs }} label="complete" />}
                {d.failure_reason && <div className="el-muted">{d.failure_reason}</div>}
              </li>
            ))}
          </ul>
        ) : (
          // Only an approved milestone is due: the project's "Still to fund" adds up the same amounts.
          <p className="el-muted">
            {milestone.is_current
              ? `No deposit yet. Deposit due: ${formatDollars(depositDue(milestone))}.`
              : `No deposit yet. The deposit of ${formatDollars(milestone.deposit_total)} is due once both parties approve.`}
          </p>
        )}
      </section>
      <section aria-label="Disbursements">
        <h4>Disbursements</h4>
        <ul className="el-plain-list">
          {payees.data?.map((p) => (
            <li key={p.mp_id} data-testid={`payee-${p.mp_id}`}>
              <strong>{p.name}</strong>: {formatDollars(p.net)}
              {p.feeIncluded ? ' (fee included)' : ''} —{' '}
              {p.disbursement ? `${capitalise(p.disbursement.status)} ${formatDollars(p.disbursement.amount)}` : 'Not released yet'}
              {p.disbursement?.status === 'paid' && <CheckCircleFilledIcon style={{ color: colour.primary, marginLeft: space.xxs }} label="paid" />}
              <PaymentDestination payment={p.disbursement} />
              {p.awaiting_waiver && <span className="el-wait"> (waits for its conditional lien waiver)</span>}
              {p.retainage !== '0.00' && (
                <div className="el-muted">
                  Retainage {formatDollars(p.retainage)}:{' '}
                  {p.retainage_release ? (
                    <>
                      {`${p.retainage_release.status === 'paid' ? 'paid' : 'released, on its way'} (${formatDollars(p.retainage_release.amount)})`}
                      <PaymentDestination payment={p.retainage_release} />
                    </>
                  ) : p.retainage_held !== '0.00' ? (
                    `held (${formatDollars(p.retainage_held)}) until the project's retainage is released`
                  ) : p.disbursement ? (
                    'refunded to the buyer'
                  ) : (
                    'withheld from the payment at completion'
                  )}
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
