import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, asCommand } from '../../../lib/api-client';
import { projectKeys } from './types';

export interface BankAccount {
  bank_account_id: number;
  purpose: 'deposit' | 'payout';
  holder_name: string;
  bank_name: string | null;
  last4: string;
  job_id: number | null;
  created_at: string;
}

export const useBankAccounts = () =>
  useQuery({ queryKey: projectKeys.bankAccounts(), queryFn: async () => (await api.get<{ deposit_accounts: BankAccount[]; payout_account: BankAccount | null }>('/bank-accounts')).data });

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
