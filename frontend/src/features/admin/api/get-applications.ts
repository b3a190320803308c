import type { ContractorApplicationView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** An application as the console lists it: the API's contract. */
export type Application = ContractorApplicationView;

const getApplications = async () => (await api.get<Application[]>('/admin/contractor-applications')).data;
export const useApplications = () => useQuery({ queryKey: adminKeys.applications(), queryFn: getApplications });
