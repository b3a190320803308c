import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { PayoutChoice } from '../../../api/bank-accounts';
import { bankAccountKeys } from '../../../api/bank-accounts';
import { api, asCommand } from '../../../lib/api-client';

/** POST /api/bank-accounts/:id/payout: a verified account becomes the payout account (a change starts the hold). */
export function useChoosePayoutAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bankAccountId: number) => (await api.post<PayoutChoice>(`/bank-accounts/${bankAccountId}/payout`, {}, asCommand())).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.mine() }),
  });
}
