import './deposit-confirm.css';

import { formatDollars, SANDBOX_TEST_ACCOUNTS, sandboxRuleText } from '@escrow/domain';
import { Modal } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

import { depositAccountFor, useBankAccounts } from '../api/bank-accounts';
import { usePaymentPolicy } from '../api/payment-policy';
import { longDay } from '../lib/business-days';
// In the dialog's chunk, not loaded after it: the form is there when the dialog shows, so its
// buttons never move under the finger as it arrives (a fallback of another height moved Cancel mid-click).
import { BankAccountForm } from './BankAccountForm';
import { clearingDates, DEFAULT_POLICY } from './deposit-clearing';

export interface DepositConfirmProps {
  open: boolean;
  projectId: number;
  /** What the buyer's account is debited, as the Confirm button says it. */
  debit: string;
  /** The first facts (`dt`/`dd` pairs): what the deposit is for, its amount and how the fee is charged. */
  facts: ReactNode;
  onConfirm: () => void;
  onClose: () => void;
  afterClose?: (() => void) | undefined;
  pending: boolean;
}

/**
 * Nothing moves before the buyer has seen what moves: the amount with its fee (`facts`, the
 * caller's: a milestone's fee is inside its amount, a billing deposit's on top), the bank account
 * it is drawn from and when the money can be released. Without a linked account the buyer links
 * one here first. Shared by the milestone and the progress-billing deposits, each loading it in
 * its own dialog chunk.
 */
export function DepositConfirmModal({ open, projectId, debit, facts, onConfirm, onClose, afterClose, pending }: DepositConfirmProps) {
  const accounts = useBankAccounts(open);
  const account = accounts.data ? depositAccountFor(accounts.data.deposit_accounts, projectId) : null;
  // A sandbox test account: say here, before the money moves, what the sandbox will do with it.
  const testAccount = SANDBOX_TEST_ACCOUNTS.find((a) => a.last4 === account?.last4) ?? null;
  const policy = usePaymentPolicy().data ?? DEFAULT_POLICY;
  const { settles, clears } = clearingDates(new Date(), policy);
  return (
    <Modal
      open={open}
      afterClose={afterClose}
      title="Confirm your deposit"
      okText={`Confirm deposit of ${formatDollars(debit)}`}
      cancelText="Cancel"
      onOk={onConfirm}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ disabled: !account }}
      destroyOnHidden
    >
      <dl className="el-deposit-facts" aria-label="Deposit">
        {facts}
        <dt>Drawn from</dt>
        <dd>
          {accounts.isPending ? (
            'Loading your bank accounts…'
          ) : account ? (
            <>
              Account ending in {account.last4} ({account.holder_name}
              {account.bank_name ? `, ${account.bank_name}` : ''}) · <Link to={`/portal/job/${projectId}/ach`}>Use another account</Link>
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
      {!accounts.isPending && !account && <BankAccountForm purpose="deposit" projectId={projectId} />}
    </Modal>
  );
}
