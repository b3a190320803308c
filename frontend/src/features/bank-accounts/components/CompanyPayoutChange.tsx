import { useBankAccounts } from '../../../api/bank-accounts';
import { isLoggedIn, useCurrentUser } from '../../../api/current-user';
import { PayoutChangeBanner } from './PayoutChangeBanner';

/**
 * The portal home's copy of the pending payout change, for company users only. No antd: it sits
 * above the project list, whose first paint carries none.
 */
export function CompanyPayoutChange() {
  const { data: user } = useCurrentUser();
  const isCompany = isLoggedIn(user) && user.company !== null;
  const accounts = useBankAccounts(isCompany);
  if (!isCompany || !accounts.data) return null;
  return <PayoutChangeBanner change={accounts.data.payout_change} />;
}
