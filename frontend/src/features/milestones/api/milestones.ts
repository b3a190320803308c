import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';

// The shapes of the API's milestone answers live once, in the domain's contract (style rule 10).
export type { DepositView, MilestoneFormData, MilestonePayload, MilestoneView, PayeeView, VersionView } from '@escrow/domain';
import type { DepositView, MilestoneFormData, MilestonePayload, MilestoneView, PayeeView, VersionView } from '@escrow/domain';

const milestoneKeys = {
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

export const useMilestones = (jobId: number, enabled = true) =>
  useQuery({
    queryKey: milestoneKeys.ofJob(jobId),
    queryFn: async () => (await api.get<MilestoneView[]>(`/job/${jobId}/milestones`)).data,
    refetchInterval: (q) => pollWhilePending(q.state.data),
    enabled,
  });

export const useMilestoneForm = (jobId: number) =>
  useQuery({ queryKey: milestoneKeys.form(jobId), queryFn: async () => (await api.get<MilestoneFormData>(`/milestones/form/job/${jobId}`)).data });

export const usePayees = (jobId: number, mId: number, pollMs: number | false = false) =>
  useQuery({
    queryKey: milestoneKeys.payees(jobId, mId),
    queryFn: async () => (await api.get<PayeeView[]>(`/milestone/${mId}/payees`)).data,
    refetchInterval: pollMs,
  });
export const useEdits = (jobId: number, mId: number, enabled: boolean) =>
  useQuery({ queryKey: milestoneKeys.edits(jobId, mId), queryFn: async () => (await api.get<VersionView[]>(`/milestone/${mId}/edits`)).data, enabled });
export const useDeposits = (jobId: number, mId: number, pollMs: number | false = false) =>
  useQuery({
    queryKey: milestoneKeys.deposits(jobId, mId),
    queryFn: async () => (await api.get<DepositView[]>(`/milestone/${mId}/deposits`)).data,
    refetchInterval: pollMs,
  });

/** While money is on its way (a pending deposit, payouts not yet paid) the card polls its payments. */
export const moneyInFlight = (m: MilestoneView): boolean => m.deposit_pending || m.payouts_pending || (m.refunded !== '0.00' && m.held !== '0.00');

/** Every change to a milestone refreshes the project's milestones, totals and history. */
function useMilestoneMutation<TInput, TResult>(jobId: number, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(jobId) }) });
}

export const useProposeMilestone = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (payload: MilestonePayload) => (await api.post<{ m_id: number; original_id: number }>('/milestone', payload, asCommand())).data,
  );

export const useApproval = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (input: { milestone_id: number; approve?: true; reject?: true }) => (await api.post<MilestoneView>('/milestone/approval', input, asCommand())).data,
  );

export const useMarkComplete = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (input: { milestone_id: number; complete: boolean }) =>
      (await api.put<MilestoneView>(`/milestone/${input.milestone_id}/complete`, { complete: input.complete }, asCommand())).data,
  );

export const useStartDeposit = (jobId: number) =>
  useMilestoneMutation(jobId, async (input: { milestone_id: number }) => (await api.post<DepositView>('/milestone/deposit', input, asCommand())).data);

export const useOpenDispute = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (input: { milestone_id: number; statement: string }) =>
      (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute`, { statement: input.statement }, asCommand())).data,
  );

export const useRespondToDispute = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (input: { milestone_id: number; statement: string }) =>
      (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute/respond`, { statement: input.statement }, asCommand())).data,
  );

export const useClaimRefund = (jobId: number) =>
  useMilestoneMutation(
    jobId,
    async (input: { milestone_id: number }) => (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/refund-claim`, {}, asCommand())).data,
  );
