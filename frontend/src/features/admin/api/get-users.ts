import type { AdminUserRow } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getUsers = async (search: string) => (await api.get<AdminUserRow[]>('/admin/users', { params: search ? { search } : {} })).data;
export const useUsers = (search: string) => useQuery({ queryKey: adminKeys.users(search), queryFn: () => getUsers(search), placeholderData: keepPreviousData });
