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

interface NewBuyer {
  first_name: string;
  last_name: string;
  phone: string;
  email: string;
  user_id?: number;
}
/** The buyer POST /api/job/customer/new answers (the contract's ProjectBuyerView). */
async function createBuyer(buyer: NewBuyer): Promise<ProjectBuyerView> {
  const payload = {
    ...buyer,
    first_name: buyer.first_name.trim(),
    last_name: buyer.last_name.trim(),
    email: normalizeEmail(buyer.email),
    customer_name: `${buyer.first_name.trim()} ${buyer.last_name.trim()}`,
  };
  return (await api.post<ProjectBuyerView>('/job/customer/new', payload)).data;
}
/** Creates a buyer (a new one, or the current user as the buyer of their own project); no query lists buyers. */
export const useCreateBuyer = () => useMutation({ mutationFn: createBuyer });

export const searchSellers = async (text: string) =>
  (await api.get<CompanyNameMatch[]>(`/companies/search/${encodeURIComponent(text.trim())}`, { params: { exclude_current_user: true } })).data;

/** The new-project screen's state as POST and PUT /api/job/basic take it (docs/product.md#project-creation-state; job_id is the wire's name of the project id). */
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

/** Creates the draft once the buyer is set (docs/product.md#project-draft-and-submit); the Idempotency-Key makes a repeated call answer the same draft. The project list will show it. */
export function useCreateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ state, idempotencyKey }: { state: NewProjectState; idempotencyKey: string }) =>
      (await api.post<ProjectDraftCreated>('/job/basic', state, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.list() }),
  });
}

export interface DraftUpdate {
  state: NewProjectState & { job_id: number };
  primary: { company_id: number | null; primary_company_name?: string | null };
}
/**
 * Saves the draft's service or seller: the project list and the draft's summary show both. The
 * screen shows the choice as soon as it is saved; the refresh does not hold it up.
 */
export function useUpdateDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (update: DraftUpdate) => (await api.put<ProjectDraftBasics>('/job/basic', update, asCommand())).data,
    onSuccess: (_answer, { state }) => {
      void queryClient.invalidateQueries({ queryKey: projectKeys.list() });
      void queryClient.invalidateQueries({ queryKey: projectKeys.summary(state.job_id) });
    },
  });
}

/**
 * Submits the draft (PUT /api/job/{id}/draft). The refresh is not waited for: the screen leaves
 * for /portal at once, and the draft's own queries would otherwise show it submitted first.
 */
export function useSubmitProject() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: number) =>
      (await api.put<ProjectSubmitted>(`/job/${projectId}/draft`, { isDraft: false, job_id: projectId }, asCommand())).data,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}

/** Discards a draft its creator no longer wants (DELETE /api/job/{id}). */
export function useDiscardDraft() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (projectId: number) => (await api.delete<ProjectDraftDiscarded>(`/job/${projectId}`, asCommand())).data,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.all }),
  });
}
