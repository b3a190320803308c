import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PayoutChoice } from '../../../api/bank-accounts';
import { bankAccountKeys } from '../../../api/bank-accounts';
import { api, asCommand } from '../../../lib/api-client';

export type PayoutChangeDecision = 'confirm' | 'undo';

/**
 * Ends a pending payout account change: confirm (the hold ends now; another user of the company)
 * or undo (the previous account again). Without companyId it is the user's own company
 * (POST /api/bank-accounts/payout-change/…), with it an administrator's
 * (POST /api/admin/companies/:id/payout-change/…).
 */
export function usePayoutChangeDecision(companyId?: number) {
  const queryClient = useQueryClient();
  const key = companyId === undefined ? bankAccountKeys.mine() : bankAccountKeys.ofCompany(companyId);
  return useMutation({
    mutationFn: async (decision: PayoutChangeDecision) => {
      const url = companyId === undefined ? `/bank-accounts/payout-change/${decision}` : `/admin/companies/${companyId}/payout-change/${decision}`;
      return (await api.post<PayoutChoice>(url, {}, asCommand())).data;
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}
