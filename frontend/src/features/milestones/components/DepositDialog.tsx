import { formatAmount, formatDollars, money, SANDBOX_TEST_ACCOUNTS, sandboxRuleText, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { Modal } from 'antd';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';

import { depositAccountFor, useBankAccounts } from '../../../api/bank-accounts';
import { type PaymentPolicy, usePaymentPolicy } from '../../../api/payment-policy';
import type { BankAccountForm as BankAccountFormComponent } from '../../../components/BankAccountForm';
import { Spinner } from '../../../components/Spinner';
import { ACH_SETTLE_BUSINESS_DAYS, addBusinessDays, longDay, RETURN_WINDOW_BUSINESS_DAYS } from '../../../lib/business-days';
import { loadChunk } from '../../../lib/lazy-route';
import type { MilestoneView } from '../api/milestones';

/**
 * The form that links a first account (antd Input and Alert, 34 KB gzip) is not part of the
 * page's first load: it is fetched once the dialog is mounted with its card, after the first
 * paint, so it is there before anyone opens the dialog and the dialog's buttons never move under
 * the finger as it arrives (a Suspense fallback of another height moved Cancel mid-click).
 */
function useBankAccountForm(): { Form: typeof BankAccountFormComponent | null; failed: boolean } {
  const [loaded, setLoaded] = useState<{ Form: typeof BankAccountFormComponent | null; failed: boolean }>({ Form: null, failed: false });
  useEffect(() => {
    let mounted = true;
    loadChunk(() => import('../../../components/BankAccountForm')).then(
      (module) => mounted && setLoaded({ Form: module.BankAccountForm, failed: false }),
      () => mounted && setLoaded({ Form: null, failed: true }),
    );
    return () => {
      mounted = false;
    };
  }, []);
  return loaded;
}

/** What the buyer still has to deposit on this milestone (the API debits the same difference). */
export const depositDue = (m: MilestoneView): string => formatAmount(money(m.deposit_total).minus(m.deposit_sum));

/** The return window before the API has said which is in force: a live provider's default. */
const DEFAULT_POLICY: PaymentPolicy = {
  ach_settle_business_days: ACH_SETTLE_BUSINESS_DAYS,
  return_window: { unit: 'business-days', days: RETURN_WINDOW_BUSINESS_DAYS },
  return_window_text: `${RETURN_WINDOW_BUSINESS_DAYS} business days`,
};

/** When a deposit requested now settles and clears, at the latest (spec §9 and the return window in force). */
export function clearingDates(now: Date, policy: PaymentPolicy = DEFAULT_POLICY) {
  const settles = addBusinessDays(now, policy.ach_settle_business_days);
  const window = policy.return_window;
  return { settles, clears: window.unit === 'business-days' ? addBusinessDays(settles, window.days) : new Date(settles.getTime() + window.ms) };
}

/**
 * Nothing moves before the buyer has seen what moves: the amount with its fee, the bank account
 * it is drawn from and when the money can be released. Without a linked account the buyer links
 * one here first.
 */
export function DepositDialog({
  open,
  milestone,
  onConfirm,
  onClose,
  afterClose,
  pending,
}: {
  open: boolean;
  milestone: MilestoneView;
  onConfirm: () => void;
  onClose: () => void;
  afterClose?: () => void;
  pending: boolean;
}) {
  const accounts = useBankAccounts(open);
  const accountForm = useBankAccountForm();
  const account = accounts.data ? depositAccountFor(accounts.data.deposit_accounts, milestone.job_id) : null;
  // A sandbox test account: say here, before the money moves, what the sandbox will do with it.
  const testAccount = SANDBOX_TEST_ACCOUNTS.find((a) => a.last4 === account?.last4) ?? null;
  const due = depositDue(milestone);
  const policy = usePaymentPolicy().data ?? DEFAULT_POLICY;
  const { settles, clears } = clearingDates(new Date(), policy);
  // The fee the buyer pays on top; an include-fee payee's fee comes out of its own share instead.
  const feeOnTop = formatAmount(money(milestone.deposit_total).minus(milestone.amount));
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title="Confirm your deposit"
      okText={`Confirm deposit of ${formatDollars(due)}`}
      cancelText="Cancel"
      onOk={onConfirm}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !account }}
      destroyOnHidden
    >
      <dl className="el-deposit-facts" aria-label="Deposit">
        <dt>Milestone</dt>
        <dd>{milestone.title || WHOLE_PROJECT_MILESTONE}</dd>
        <dt>Amount</dt>
        <dd>{formatDollars(due)}</dd>
        <dt>Escrow fee (2.25%)</dt>
        <dd>{formatDollars(feeOnTop)}, included in the amount</dd>
        <dt>Drawn from</dt>
        <dd>
          {accounts.isPending ? (
            'Loading your bank accounts…'
          ) : account ? (
            <>
              Account ending in {account.last4} ({account.holder_name}
              {account.bank_name ? `, ${account.bank_name}` : ''}) · <Link to={`/portal/job/${milestone.job_id}/ach`}>Use another account</Link>
              {testAccount && <span className="el-wait el-deposit-facts__note">Sandbox test account. {sandboxRuleText(testAccount)}</span>}
            </>
          ) : (
            'No bank account linked yet: link the account to draw from below.'
          )}
        </dd>
        <dt>When the funds clear</dt>
        <dd>
          The ACH debit settles within {policy.ach_settle_business_days} business days (by {longDay(settles)}). Settled funds then clear after a return window
          of {policy.return_window_text} (by {longDay(clears)}); only then can they be released to the payees.
        </dd>
      </dl>
      {!accounts.isPending &&
        !account &&
        (accountForm.Form ? (
          <accountForm.Form purpose="deposit" projectId={milestone.job_id} />
        ) : accountForm.failed ? (
          <p role="alert">The form to link a bank account did not load; reload the page to try again.</p>
        ) : (
          <Spinner label="Loading the bank account form…" />
        ))}
    </Modal>
  );
}
