import { formatAmount, formatDollars, money, SANDBOX_TEST_ACCOUNTS, sandboxRuleText, WHOLE_PROJECT_MILESTONE } from '@escrow/domain';
import { Modal } from 'antd';
import { Link } from 'react-router-dom';

import { depositAccountFor, useBankAccounts } from '../../../api/bank-accounts';
import { usePaymentPolicy } from '../../../api/payment-policy';
// In the dialog's chunk, not loaded after it: the form is there when the dialog shows, so its
// buttons never move under the finger as it arrives (a fallback of another height moved Cancel mid-click).
import { BankAccountForm } from '../../../components/BankAccountForm';
import { longDay } from '../../../lib/business-days';
import { clearingDates, DEFAULT_POLICY, depositDue } from './deposit';
import type { DepositDialogProps } from './deposit-dialog-props';

/**
 * DepositDialog's dialog, loaded when it first opens: the amount with its fee, the bank account
 * it is drawn from and when the money can be released. Without a linked account the buyer links
 * one here first.
 */
export default function DepositModal({ open, milestone, onConfirm, onClose, afterClose, pending }: DepositDialogProps) {
  const accounts = useBankAccounts(open);
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
      {!accounts.isPending && !account && <BankAccountForm purpose="deposit" projectId={milestone.job_id} />}
    </Modal>
  );
}
