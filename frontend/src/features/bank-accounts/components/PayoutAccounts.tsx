import { App, Button, Card, Modal, Tag } from 'antd';
import { type ReactNode, useRef, useState } from 'react';

import type { BankAccount } from '../../../api/bank-accounts';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useChoosePayoutAccount } from '../api/choose-payout-account';
import { useRemoveBankAccount } from '../api/remove-bank-account';
import { ConfirmDepositsForm } from './ConfirmDepositsForm';
import { StatusTag } from './StatusTag';
import { choosePayoutText, PAYOUT_ACCOUNT_TAG } from './texts';

const newestFirst = (accounts: BankAccount[]) =>
  [...accounts].sort((a, b) => Number(a.status === 'removed') - Number(b.status === 'removed') || b.created_at.localeCompare(a.created_at));

/** One account: masked number, holder and bank, status in words, and what can be done with it. */
export function AccountCard({ account, actions, children }: { account: BankAccount; actions?: ReactNode; children?: ReactNode }) {
  return (
    <li>
      <Card
        size="small"
        className="el-account-card"
        style={{ marginBottom: space.sm }}
        title={
          <span>
            {account.masked}{' '}
            <span className="el-muted">
              · {account.holder_name}
              {account.bank_name ? `, ${account.bank_name}` : ''}
            </span>
          </span>
        }
        extra={
          <span>
            <StatusTag status={account.status} />
            {account.is_payout_account && <Tag color="blue">{PAYOUT_ACCOUNT_TAG}</Tag>}
          </span>
        }
      >
        <p className="el-muted" style={{ margin: 0 }}>
          Linked {new Date(account.created_at).toLocaleDateString()}
        </p>
        {children}
        {actions && (
          <div className="el-actions" style={{ marginTop: space.sm }}>
            {actions}
          </div>
        )}
      </Card>
    </li>
  );
}

/**
 * A company's payout accounts (issue 25): a pending one takes its two micro-deposits, a verified
 * one can become the payout account (after a dialog that says who is told and that payouts wait),
 * any can be removed. `readOnly` is the administrators' view of the same list.
 */
export function PayoutAccounts({
  accounts,
  companyName,
  hasPayoutAccount,
  readOnly = false,
}: {
  accounts: BankAccount[];
  companyName: string;
  hasPayoutAccount: boolean;
  readOnly?: boolean;
}) {
  const { message } = App.useApp();
  const choose = useChoosePayoutAccount();
  const remove = useRemoveBankAccount();
  const [choosing, setChoosing] = useState<BankAccount | null>(null);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const list = useRef<HTMLUListElement>(null);
  // The button that opened the dialog may be gone (the account became the payout account, or was removed): the list takes the focus.
  const focusList = () => {
    if (!list.current?.contains(document.activeElement)) list.current?.focus();
  };
  if (accounts.length === 0) return <p className="el-muted">No payout account linked yet: link one below.</p>;
  return (
    <>
      <ul className="el-plain-list" aria-label="Payout accounts" ref={list} tabIndex={-1}>
        {newestFirst(accounts).map((account) => (
          <AccountCard
            key={account.bank_account_id}
            account={account}
            actions={
              readOnly || account.status === 'removed' ? undefined : (
                <>
                  {account.status === 'verified' && !account.is_payout_account && (
                    <Button type="primary" onClick={() => setChoosing(account)} aria-label={`Use for payouts: ${account.masked}`}>
                      Use for payouts
                    </Button>
                  )}
                  <Button danger onClick={() => setRemoving(account)} aria-label={`Remove ${account.masked}`}>
                    Remove
                  </Button>
                </>
              )
            }
          >
            {!readOnly && (account.status === 'pending_verification' || account.status === 'locked') && (
              <div style={{ marginTop: space.sm }}>
                <ConfirmDepositsForm account={account} />
              </div>
            )}
          </AccountCard>
        ))}
      </ul>
      <Modal
        open={choosing !== null}
        title="Use this account for payouts?"
        okText="Use for payouts"
        cancelText="Cancel"
        confirmLoading={choose.isPending}
        onCancel={() => setChoosing(null)}
        afterClose={focusList}
        onOk={() =>
          choosing &&
          choose.mutate(choosing.bank_account_id, {
            onSuccess: () => setChoosing(null),
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        {choosing && <p>{choosePayoutText(companyName, choosing, !hasPayoutAccount)}</p>}
      </Modal>
      <Modal
        open={removing !== null}
        title="Remove this account?"
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        afterClose={focusList}
        onOk={() =>
          removing &&
          remove.mutate(removing.bank_account_id, {
            onSuccess: () => setRemoving(null),
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        {removing && (
          <p>
            {removing.masked} will no longer be used.
            {removing.is_payout_account && ' It is your payout account: payouts wait until another verified account is chosen.'}
          </p>
        )}
      </Modal>
    </>
  );
}
