import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { bankAccountKeys } from './keys';
import type { BankAccount, BankAccountsView } from './types';

export const getBankAccounts = async () => (await api.get<BankAccountsView>('/bank-accounts')).data;

/** The user's own accounts: a buyer's deposit accounts, a company's payout accounts and pending change. */
export const useBankAccounts = (enabled = true) => useQuery({ queryKey: bankAccountKeys.mine(), queryFn: getBankAccounts, enabled });

/** Accounts a person can still use or see as current: a removed account is listed apart. */
export const isActive = (account: BankAccount) => account.status !== 'removed';

/**
 * The account a deposit for this project is drawn from, chosen as the API chooses it: the newest
 * usable account linked to this project, else the newest linked to none.
 */
export function depositAccountFor(accounts: BankAccount[], jobId: number): BankAccount | null {
  const usable = accounts.filter((a) => a.status !== 'removed' && a.status !== 'locked');
  const newestFirst = [...usable].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newestFirst.find((a) => a.job_id === jobId) ?? newestFirst.find((a) => a.job_id === null) ?? null;
}
