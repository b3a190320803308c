import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../lib/api-client';
import { projectKeys } from './projects';

export interface BankAccount {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  holder_name: string;
  bank_name: string | null;
  last4: string;
  job_id: number | null;
  created_at: string;
}

export const useBankAccounts = (enabled = true) =>
  useQuery({
    queryKey: projectKeys.bankAccounts(),
    queryFn: async () => (await api.get<{ deposit_accounts: BankAccount[]; payout_account: BankAccount | null }>('/bank-accounts')).data,
    enabled,
  });

export interface LinkBankAccount {
  purpose: 'deposit' | 'payout';
  job_id?: number;
  holder_name: string;
  bank_name?: string;
  routing_number: string;
  account_number: string;
}

export function useLinkBankAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: LinkBankAccount) => (await api.post<BankAccount>('/bank-accounts', input, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.bankAccounts() }),
  });
}

/**
 * The account a deposit for this project is drawn from, chosen as the API chooses it: the newest
 * account linked to this project, else the newest linked to none.
 */
export function depositAccountFor(accounts: BankAccount[], jobId: number): BankAccount | null {
  const newestFirst = [...accounts].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newestFirst.find((a) => a.job_id === jobId) ?? newestFirst.find((a) => a.job_id === null) ?? null;
}
