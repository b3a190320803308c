import { App, Button, Modal, Tag } from 'antd';
import { useRef, useState } from 'react';

import type { BankAccount } from '../../../api/bank-accounts';
import { depositAccountFor } from '../../../api/bank-accounts';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useRemoveBankAccount } from '../api/remove-bank-account';
import { AccountCard } from './PayoutAccounts';
import { DEPOSITS_FROM_TAG } from './texts';

/** A buyer's deposit accounts: which one this project's deposits come from, and Remove. */
export function DepositAccounts({ accounts, projectId }: { accounts: BankAccount[]; projectId: number }) {
  const { message } = App.useApp();
  const remove = useRemoveBankAccount();
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const list = useRef<HTMLUListElement>(null);
  const inUse = depositAccountFor(accounts, projectId);
  // Only this project's accounts and the ones linked to none: another project's account is not drawn from here.
  const shown = accounts
    .filter((a) => a.job_id === null || a.job_id === projectId)
    .sort((a, b) => Number(a.status === 'removed') - Number(b.status === 'removed') || b.created_at.localeCompare(a.created_at));
  if (shown.length === 0) return <p className="el-muted">No bank account linked yet: link the account deposits come from below.</p>;
  return (
    <>
      <ul className="el-plain-list" aria-label="Deposit accounts" ref={list} tabIndex={-1}>
        {shown.map((account) => (
          <AccountCard
            key={account.bank_account_id}
            account={account}
            actions={
              account.status === 'removed' ? undefined : (
                <Button danger onClick={() => setRemoving(account)} aria-label={`Remove ${account.masked}`}>
                  Remove
                </Button>
              )
            }
          >
            {inUse?.bank_account_id === account.bank_account_id && (
              <p style={{ margin: `${space.xs}px 0 0` }}>
                <Tag color="blue">{DEPOSITS_FROM_TAG}</Tag>
              </p>
            )}
          </AccountCard>
        ))}
      </ul>
      <Modal
        open={removing !== null}
        title="Remove this account?"
        okText="Remove"
        okButtonProps={{ danger: true }}
        cancelText="Cancel"
        confirmLoading={remove.isPending}
        onCancel={() => setRemoving(null)}
        afterClose={() => {
          if (!list.current?.contains(document.activeElement)) list.current?.focus();
        }}
        onOk={() =>
          removing &&
          remove.mutate(removing.bank_account_id, {
            onSuccess: () => setRemoving(null),
            onError: (e) => void message.error(errorMessage(e)),
          })
        }
      >
        {removing && <p>Deposits will no longer be drawn from {removing.masked}.</p>}
      </Modal>
    </>
  );
}
