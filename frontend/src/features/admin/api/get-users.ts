import type { AdminRole } from '@escrow/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export interface AdminUser {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
  phone: string | null;
  role: string | null;
  /** Administrators only: support, finance, operations or owner. */
  admin_role: AdminRole | null;
  company_id: number | null;
  company_name: string | null;
  created_at: string;
  has_password: boolean;
  last_seen_at: string | null;
  projects_as_buyer: number;
}

export const getUsers = async (search: string) => (await api.get<AdminUser[]>('/admin/users', { params: search ? { search } : {} })).data;
export const useUsers = (search: string) => useQuery({ queryKey: adminKeys.users(search), queryFn: () => getUsers(search), placeholderData: keepPreviousData });
