import { Alert, Card } from 'antd';

import { useBankAccounts } from '../../../api/bank-accounts';
import { useCompanyPermission } from '../../../api/company-role';
import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import { BankAccountForm } from '../../../components/BankAccountForm';
import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { PayoutAccounts } from './PayoutAccounts';
import { PayoutChangeBanner } from './PayoutChangeBanner';

/** A company's payout accounts, their micro-deposits, the payout account and a pending change. */
export function PayoutAccountSettings() {
  // By role (issue 37): finance and owners change the accounts, and only they see them; the
  // others are told why where the accounts and their buttons would be.
  const see = useCompanyPermission('payments.view');
  const manage = useCompanyPermission('bank_accounts.manage');
  const accounts = useBankAccounts(see.allowed);
  const { data: user } = useCurrentUser();
  const companyName = isLoggedIn(user) && user.company ? user.company.name : 'your company';
  const current = accounts.data?.payout_account ?? null;
  const reason = see.reason ?? manage.reason;
  return (
    <>
      <h1>Payout account</h1>
      <p>
        Released milestone funds for your company are paid into the payout account. A new account receives money only after you confirm the two small deposits
        we send to it.
      </p>
      {reason && <Alert type="info" showIcon title={reason} style={{ marginBottom: space.base }} />}
      {!see.allowed ? null : accounts.isPending ? (
        <Spinner label="Loading your bank accounts…" />
      ) : accounts.isError ? (
        <Alert type="error" showIcon title={errorMessage(accounts.error)} />
      ) : (
        <>
          <PayoutChangeBanner change={accounts.data.payout_change} />
          {current ? (
            <Alert type="info" showIcon title={`Payouts go to ${current.masked} (${current.holder_name}).`} style={{ marginBottom: space.base }} />
          ) : (
            <Alert
              type="warning"
              showIcon
              title="No payout account yet: payouts wait until a verified account is chosen."
              style={{ marginBottom: space.base }}
            />
          )}
          <PayoutAccounts accounts={accounts.data.payout_accounts} companyName={companyName} hasPayoutAccount={current !== null} readOnly={!manage.allowed} />
        </>
      )}
      {manage.allowed && (
        <Card title="Link an account" style={{ marginTop: space.base }}>
          <BankAccountForm purpose="payout" />
        </Card>
      )}
    </>
  );
}
