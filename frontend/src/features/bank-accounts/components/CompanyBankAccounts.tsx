import { Alert } from 'antd';

import { Spinner } from '../../../components/Spinner';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyBankAccounts } from '../api/get-company-bank-accounts';
import { PayoutAccounts } from './PayoutAccounts';
import { PayoutChangeBanner } from './PayoutChangeBanner';

/** A company's payout accounts and pending change, for the administrators (finance and owner confirm or undo). */
export function CompanyBankAccounts({ companyId, companyName }: { companyId: number; companyName: string }) {
  const accounts = useCompanyBankAccounts(companyId);
  if (accounts.isPending) return <Spinner label="Loading the company's bank accounts…" />;
  if (accounts.isError) return <Alert type="error" showIcon title={errorMessage(accounts.error)} />;
  const current = accounts.data.payout_account;
  return (
    <>
      <PayoutChangeBanner change={accounts.data.payout_change} companyId={companyId} />
      <p>{current ? `Payouts go to ${current.masked} (${current.holder_name}).` : 'No payout account: payouts wait until a verified account is chosen.'}</p>
      <PayoutAccounts accounts={accounts.data.payout_accounts} companyName={companyName} hasPayoutAccount={current !== null} readOnly />
    </>
  );
}
