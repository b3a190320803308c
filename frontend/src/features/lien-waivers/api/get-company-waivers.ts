import type { CompanyWaiverView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { waiverKeys } from '../../../api/waivers';
import { api } from '../../../lib/api-client';

export const useCompanyWaivers = () =>
  useQuery({ queryKey: waiverKeys.ofCompany(), queryFn: async () => (await api.get<CompanyWaiverView[]>('/waivers')).data, refetchInterval: 5000 });
