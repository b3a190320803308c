import { Alert, Card } from 'antd';
import { Link } from 'react-router-dom';

import { useBankAccounts } from '../../../api/bank-accounts';
import { BankAccountForm } from '../../../components/BankAccountForm';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { DepositAccounts } from './DepositAccounts';

/** The accounts a buyer's deposits for a project come from, and linking a new one. */
export function DepositAccountSettings({ projectId }: { projectId: number }) {
  const accounts = useBankAccounts();
  return (
    <>
      <h1>Bank account for deposits</h1>
      <p>
        Deposits to escrow for project #{projectId} are drawn by ACH from the newest account you link; they take up to 5 business days. We keep only the last
        four digits, and we email you whenever the account changes.
      </p>
      {accounts.isPending ? (
        <Spinner label="Loading your bank accounts…" />
      ) : accounts.isError ? (
        <Alert type="error" showIcon title={errorMessage(accounts.error)} />
      ) : (
        <DepositAccounts accounts={accounts.data.deposit_accounts} projectId={projectId} />
      )}
      <Card title="Link an account" style={{ marginTop: space.base }}>
        <BankAccountForm purpose="deposit" projectId={projectId} />
      </Card>
      <p style={{ marginTop: space.base }}>
        <Link to={`/portal/job/${projectId}`}>Back to the project</Link>
      </p>
    </>
  );
}
