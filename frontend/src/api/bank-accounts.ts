import type { AccountView, BankAccountsView, PayoutAnswer, PayoutChangeView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../lib/api-client';

/**
 * Bank accounts (issue 25's contract): shared by the bank-accounts feature, the deposit dialog and the
 * payments the card and the admin's project page show.
 */

/** The answers of the bank accounts routes are the API contract's (domain/src/api/bank-accounts.ts). */
export type { BankAccountsView } from '@escrow/domain';
export type BankAccount = AccountView;
export type BankAccountStatus = AccountView['status'];
/** A company's payout account changed and the change has not been confirmed or undone yet. */
export type PayoutChange = PayoutChangeView;
/** What a choice of payout account answers (POST /api/bank-accounts/:id/payout and the change's confirm and undo). */
export type PayoutChoice = PayoutAnswer;

/** Where a disbursement or retainage payment is paid to, masked. */
interface PayoutAccountRef {
  last4: string;
  masked: string;
  bank_name: string | null;
}

type PaymentHold = { reason: 'payout_account_changed'; since: string; until: string; text: string } | { reason: 'no_payout_account'; text: string };

/** The fields issue 25 adds to the payments on the milestone card and the admin's project page. */
export interface PaymentDestination {
  payout_account?: PayoutAccountRef | null;
  hold?: PaymentHold | null;
}

/** Query keys of bank accounts; the portal's key is the one the deposit dialog has always read. */
export const bankAccountKeys = {
  mine: () => ['bank-accounts'] as const,
  ofCompany: (companyId: number) => ['admin', 'companies', companyId, 'bank-accounts'] as const,
};

const getBankAccounts = async () => (await api.get<BankAccountsView>('/bank-accounts')).data;

/** The user's own accounts: a buyer's deposit accounts, a company's payout accounts and pending change. */
export const useBankAccounts = (enabled = true) => useQuery({ queryKey: bankAccountKeys.mine(), queryFn: getBankAccounts, enabled });

/**
 * The account a deposit for this project is drawn from, chosen as the API chooses it (issue 25):
 * the newest usable account linked for this project or for every project.
 */
export function depositAccountFor(accounts: BankAccount[], projectId: number): BankAccount | null {
  const usable = accounts.filter((a) => a.status !== 'removed' && a.status !== 'locked' && a.status !== 'pending_verification');
  const newestFirst = [...usable].sort((a, b) => b.created_at.localeCompare(a.created_at));
  return newestFirst.find((a) => a.job_id === projectId || a.job_id === null) ?? null;
}

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

/** The sandbox provider's two micro-deposits to a new payout account, always these (issue 25). */
export const SANDBOX_MICRO_DEPOSITS_TEXT = 'Sandbox: the two deposits are always $0.32 and $0.45.';
