import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { bankAccountKeys } from './keys';
import type { BankAccount } from './types';

export interface LinkBankAccount {
  purpose: 'deposit' | 'payout';
  job_id?: number;
  holder_name: string;
  bank_name?: string;
  routing_number: string;
  account_number: string;
}

/** POST /api/bank-accounts: a payout account starts pending its two micro-deposits; a deposit account is usable at once. */
export function useLinkBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LinkBankAccount) => (await api.post<BankAccount>('/bank-accounts', input, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bankAccountKeys.mine() }),
  });
}
