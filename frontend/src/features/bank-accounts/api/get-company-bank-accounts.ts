import { useQuery } from '@tanstack/react-query';

import type { BankAccountsView } from '../../../api/bank-accounts';
import { bankAccountKeys } from '../../../api/bank-accounts';
import { api } from '../../../lib/api-client';

/** GET /api/admin/companies/:id/bank-accounts: a company's accounts and pending change, for the administrators. */
const getCompanyBankAccounts = async (companyId: number) => (await api.get<BankAccountsView>(`/admin/companies/${companyId}/bank-accounts`)).data;

export const useCompanyBankAccounts = (companyId: number) =>
  useQuery({ queryKey: bankAccountKeys.ofCompany(companyId), queryFn: () => getCompanyBankAccounts(companyId) });
