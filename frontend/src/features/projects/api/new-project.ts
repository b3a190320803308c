import type {
  BuyerMatch,
  CompanyNameMatch,
  NewProjectForm,
  ProjectBuyerView,
  ProjectDraftBasics,
  ProjectDraftCreated,
  ProjectDraftDiscarded,
  ProjectSubmitted,
} from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';
import { normalizeEmail, phoneDigits } from '../../../lib/format';

/** GET /api/forms/jobs/new-job-form (the contract's NewProjectForm). */
const getNewProjectForm = async (customer: boolean) => (await api.get<NewProjectForm>('/forms/jobs/new-job-form', { params: { customer } })).data;
export const useNewProjectForm = (customer: boolean, enabled: boolean) =>
  useQuery({ queryKey: projectKeys.newProjectForm(customer), queryFn: () => getNewProjectForm(customer), enabled });

export type { BuyerMatch };
export const searchBuyersByPhone = async (phone: string) =>
  (await api.get<BuyerMatch[]>(`/customer/search/phone/${encodeURIComponent(phoneDigits(phone))}`)).data;

export interface NewBuyer {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  user_id?: number;
}
/** The buyer POST /api/job/customer/new answers (the contract's ProjectBuyerView). */
export type CreatedCustomer = ProjectBuyerView;
export async function createBuyer(buyer: NewBuyer): Promise<CreatedCustomer> {
  const payload = {
    ...buyer,
    first_name: buyer.first_name.trim(),
    last_name: buyer.last_name.trim(),
    email: normalizeEmail(buyer.email),
    customer_name: `${buyer.first_name.trim()} ${buyer.last_name.trim()}`,
  };
  return (await api.post<CreatedCustomer>('/job/customer/new', payload)).data;
}

export const searchSellers = async (text: string) =>
  (await api.get<CompanyNameMatch[]>(`/companies/search/${encodeURIComponent(text.trim())}`, { params: { exclude_current_user: true } })).data;

export interface NewProjectState {
  job_id?: number | null;
  customer_id: number;
  customer_name: string;
  service: string;
  primary_company_name?: string | null;
  primary_company_id?: number | null;
  customerInitiated: boolean;
  new_customer?: boolean;
  alreadyExisted?: boolean;
}

export async function createDraft(state: NewProjectState, idempotencyKey: string): Promise<ProjectDraftCreated> {
  return (await api.post<ProjectDraftCreated>('/job/basic', state, { headers: { 'Idempotency-Key': idempotencyKey } })).data;
}

export async function updateDraft(state: NewProjectState, primary: { company_id: number | null; primary_company_name?: string | null }) {
  return (await api.put<ProjectDraftBasics>('/job/basic', { state, primary }, asCommand())).data;
}

export async function submitProject(projectId: number): Promise<void> {
  await api.put<ProjectSubmitted>(`/job/${projectId}/draft`, { isDraft: false, job_id: projectId }, asCommand());
}

/** Discards a draft its creator no longer wants (DELETE /api/job/{id}). */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: number) => (await api.delete<ProjectDraftDiscarded>(`/job/${projectId}`, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Where a draft is taken up again: the new-project screen of the side that started it. */
export const resumePath = (p: { job_id: number; customerInitiated: boolean }) =>
  `/portal/new-project/${p.customerInitiated ? 'customer' : 'company'}?job=${p.job_id}`;
