import { useMutation, useQueryClient } from '@tanstack/react-query';

import type { BankAccount } from '../../../api/bank-accounts';
import { bankAccountKeys } from '../../../api/bank-accounts';
import { api, asCommand } from '../../../lib/api-client';

/** POST /api/bank-accounts/:id/verify: the two micro-deposits, in any order. A wrong pair costs a try (400), the third locks (409). */
export function useVerifyBankAccount(bankAccountId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (amounts: [string, string]) => (await api.post<BankAccount>(`/bank-accounts/${bankAccountId}/verify`, { amounts }, asCommand())).data,
    // Right or wrong, the account changed: verified, or a try fewer, or locked.
    onSettled: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.mine() }),
  });
}
