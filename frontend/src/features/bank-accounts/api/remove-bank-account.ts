import { useMutation, useQueryClient } from '@tanstack/react-query';

import { bankAccountKeys } from '../../../api/bank-accounts';
import { api, asCommand } from '../../../lib/api-client';

/** DELETE /api/bank-accounts/:id: the account is removed (a removed payout account leaves payouts waiting for a new one). */
export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bankAccountId: number) => (await api.delete(`/bank-accounts/${bankAccountId}`, asCommand())).data as unknown,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.mine() }),
  });
}
