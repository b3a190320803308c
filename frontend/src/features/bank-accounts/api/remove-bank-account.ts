import { useMutation, useQueryClient } from '@tanstack/react-query';

import { type BankAccount, bankAccountKeys } from '../../../api/bank-accounts';
import { api, asCommand } from '../../../lib/api-client';

/** DELETE /api/bank-accounts/:id: the account is removed (a removed payout account leaves payouts waiting for a new one). */
export function useRemoveBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (bankAccountId: number) => (await api.delete<BankAccount>(`/bank-accounts/${bankAccountId}`, asCommand())).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.mine() }),
  });
}
