import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, asCommand } from '../../../lib/api-client';
import { projectKeys } from '../../projects/api/types';

export interface MilestoneView {
  m_id: number;
  original_id: number;
  job_id: number;
  title: string;
  definition: string;
  position: number;
  author_id: number;
  author_name: string | null;
  locked: boolean;
  is_current: boolean;
  is_original: boolean;
  edit_is_current: boolean;
  has_current_edit: boolean;
  user_is_customer: boolean;
  user_created_edits: boolean;
  user_marked_complete: boolean;
  edit_count: number;
  rejected_count: number;
  not_approved_count: number;
  complete_count: number;
  incomplete_count: number;
  deposit_count: number;
  deposit_sum: string;
  deposit_total: string;
  user_approval_status: 'pending' | 'approved' | 'rejected';
  primary_company_name: string | null;
  customer_name: string | null;
  total_disbursements_planned: string;
  total_disbursed: string;
  amount: string;
  fee_total: string;
  label: string;
  status: string;
  status_colour: 'danger' | 'warning' | 'success' | 'info' | 'dark' | 'primary';
  approval_message: string;
  buyer_approval: string;
  seller_approval: string;
  can_edit: boolean;
  shows_edit_history: boolean;
  completion: { buyer: boolean; seller: boolean };
  marked_complete_by_both: boolean;
  completion_text: string | null;
  held: string;
  refunded: string;
  deposit_pending: boolean;
  funded: boolean;
  response_deadline: string | null;
  next_action: string | null;
  /** The newest edit still waiting for a decision (it shows in the edit history), if any. */
  pending_edit: {
    m_id: number;
    author_id: number;
    author_name: string | null;
    author_party: 'buyer' | 'seller';
    user_approval_status: 'pending' | 'approved' | 'rejected';
    approval_message: string;
  } | null;
  dispute: {
    dispute_id: number;
    status: 'open' | 'resolved';
    opened_by: string | null;
    opened_by_party: 'buyer' | 'seller';
    statement: string;
    opened_at: string;
    response: { by: string | null; statement: string; at: string } | null;
    resolution: { resolution: string; release_amount: string; refund_amount: string; note: string; at: string } | null;
  } | null;
}

export interface VersionView {
  m_id: number;
  original_id: number;
  is_original: boolean;
  is_current: boolean;
  based_on: number | null;
  title: string;
  definition: string;
  author_id: number;
  author_name: string | null;
  author_party: 'buyer' | 'seller';
  created: string;
  label: string;
  status: string;
  buyer_approval: string;
  seller_approval: string;
  approval_message: string;
  amount: string;
  fee_total: string;
  deposit_total: string;
  payees: { mp_id: number; company_id: number; name: string | null; type: string; percentage: string | null; amount: string; includeFee: boolean; fee: string; net: string; amt_bc_owes: string }[];
}

export interface PayeeView {
  jc_id: number;
  mp_id: number;
  company_id: number;
  name: string | null;
  type: 'fixed' | 'percent' | 'remainder';
  percentage: string | null;
  amount: string;
  includeFee: boolean;
  feeIncluded: boolean;
  fee: string;
  net: string;
  amt_bc_owes: string;
  amt_remaining: string;
  disbursement_sum: string;
  disbursement: { name: string | null; amount: string; status: string; paid_at: string | null } | null;
}

export interface DepositView {
  md_id: number;
  amount: string;
  created: string;
  payment_status: 'pending' | 'settled' | 'failed';
  deposit_complete: boolean;
  failure_reason: string | null;
  bank_last4: string | null;
}

export interface DisbursementView {
  disbursement_id: number;
  mp_id: number;
  company_id: number;
  name: string | null;
  amount: string;
  fee: string;
  status: 'requested' | 'paid';
  created: string;
  paid_at: string | null;
}

export interface MilestoneFormData {
  job_id: number;
  primary: { jc_id: number; company_id: number; name: string } | null;
  subs: { jc_id: number; company_id: number; name: string }[];
}

export interface MilestonePayload {
  job_id: number;
  title?: string;
  definition: string;
  position?: number;
  original_id?: number | null;
  amount?: string | null;
  payees: { jc_id: number; type: 'fixed' | 'percent' | 'remainder'; amount?: string | null; percentage?: string | null; includeFee: boolean }[];
}

export const milestoneKeys = {
  ofJob: (jobId: number) => [...projectKeys.detail(jobId), 'milestones'] as const,
  form: (jobId: number) => [...projectKeys.detail(jobId), 'milestone-form'] as const,
  one: (jobId: number, mId: number) => [...milestoneKeys.ofJob(jobId), mId] as const,
  payees: (jobId: number, mId: number) => [...milestoneKeys.one(jobId, mId), 'payees'] as const,
  edits: (jobId: number, mId: number) => [...milestoneKeys.one(jobId, mId), 'edits'] as const,
  deposits: (jobId: number, mId: number) => [...milestoneKeys.one(jobId, mId), 'deposits'] as const,
  disbursements: (jobId: number, mId: number) => [...milestoneKeys.one(jobId, mId), 'disbursements'] as const,
};

/** Payments settle in the background (the ACH sandbox): keep polling while something is pending. */
const pollWhilePending = (milestones: MilestoneView[] | undefined) => (milestones?.some(moneyInFlight) ? 2000 : 15000);

export const useMilestones = (jobId: number) =>
  useQuery({ queryKey: milestoneKeys.ofJob(jobId), queryFn: async () => (await api.get<MilestoneView[]>(`/job/${jobId}/milestones`)).data, refetchInterval: (q) => pollWhilePending(q.state.data) });

export const useMilestoneForm = (jobId: number) => useQuery({ queryKey: milestoneKeys.form(jobId), queryFn: async () => (await api.get<MilestoneFormData>(`/milestones/form/job/${jobId}`)).data });

export const usePayees = (jobId: number, mId: number, pollMs: number | false = false) =>
  useQuery({ queryKey: milestoneKeys.payees(jobId, mId), queryFn: async () => (await api.get<PayeeView[]>(`/milestone/${mId}/payees`)).data, refetchInterval: pollMs });
export const useEdits = (jobId: number, mId: number, enabled: boolean) =>
  useQuery({ queryKey: milestoneKeys.edits(jobId, mId), queryFn: async () => (await api.get<VersionView[]>(`/milestone/${mId}/edits`)).data, enabled });
export const useDeposits = (jobId: number, mId: number, pollMs: number | false = false) =>
  useQuery({ queryKey: milestoneKeys.deposits(jobId, mId), queryFn: async () => (await api.get<DepositView[]>(`/milestone/${mId}/deposits`)).data, refetchInterval: pollMs });

/** While money is on its way (a pending deposit, payouts not yet paid) the card polls its payments. */
export const moneyInFlight = (m: MilestoneView): boolean => m.deposit_pending || (m.marked_complete_by_both && m.total_disbursed !== m.total_disbursements_planned) || (m.refunded !== '0.00' && m.held !== '0.00');
export const useDisbursements = (jobId: number, mId: number) =>
  useQuery({ queryKey: milestoneKeys.disbursements(jobId, mId), queryFn: async () => (await api.get<DisbursementView[]>(`/milestone/${mId}/disbursements`)).data });

/** Every change to a milestone refreshes the project's milestones, totals and history. */
function useMilestoneMutation<TInput, TResult>(jobId: number, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(jobId) }) });
}

export const useProposeMilestone = (jobId: number) =>
  useMilestoneMutation(jobId, async (payload: MilestonePayload) => (await api.post<{ m_id: number; original_id: number }>('/milestone', payload, asCommand())).data);

export const useApproval = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number; approve?: true; reject?: true }) => (await api.post<MilestoneView>('/milestone/approval', input, asCommand())).data);

export const useMarkComplete = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number; complete: boolean }) =>
    (await api.put<MilestoneView>(`/milestone/${input.milestone_id}/complete`, { complete: input.complete }, asCommand())).data,
  );

export const useStartDeposit = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number }) => (await api.post<DepositView>('/milestone/deposit', input, asCommand())).data);

export const useOpenDispute = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number; statement: string }) => (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute`, { statement: input.statement }, asCommand())).data);

export const useRespondToDispute = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number; statement: string }) => (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute/respond`, { statement: input.statement }, asCommand())).data);

export const useClaimRefund = (jobId: number) => useMilestoneMutation(jobId, async (input: { milestone_id: number }) => (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/refund-claim`, {}, asCommand())).data);
