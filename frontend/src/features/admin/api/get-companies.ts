import type { AdminCompanyRow } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getCompanies = async () => (await api.get<AdminCompanyRow[]>('/admin/companies')).data;
export const useCompanies = () => useQuery({ queryKey: adminKeys.companies(), queryFn: getCompanies });
