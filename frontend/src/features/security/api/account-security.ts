import type { AccountSecurity } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { securityKeys } from './types';

async function getAccountSecurity(): Promise<AccountSecurity> {
  const { data } = await api.get<AccountSecurity>('/account/security');
  return data;
}

const accountSecurityQuery = () => queryOptions({ queryKey: securityKeys.account(), queryFn: getAccountSecurity });

export const useAccountSecurity = () => useQuery(accountSecurityQuery());
