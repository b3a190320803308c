import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';

// The shapes of the API's milestone answers live once, in the domain's contract (style rule 10).
export type { DepositView, MilestoneFormData, MilestonePayload, MilestoneView, PayeeView, VersionView } from '@escrow/domain';
import type { DepositView, MilestoneFormData, MilestonePayload, MilestoneView, PayeeView, VersionView } from '@escrow/domain';

const milestoneKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'milestones'] as const,
  form: (projectId: number) => [...projectKeys.detail(projectId), 'milestone-form'] as const,
  one: (projectId: number, mId: number) => [...milestoneKeys.ofProject(projectId), mId] as const,
  payees: (projectId: number, mId: number) => [...milestoneKeys.one(projectId, mId), 'payees'] as const,
  edits: (projectId: number, mId: number) => [...milestoneKeys.one(projectId, mId), 'edits'] as const,
  deposits: (projectId: number, mId: number) => [...milestoneKeys.one(projectId, mId), 'deposits'] as const,
  disbursements: (projectId: number, mId: number) => [...milestoneKeys.one(projectId, mId), 'disbursements'] as const,
};

/** Payments settle in the background (the ACH sandbox): keep polling while something is pending. */
const pollWhilePending = (milestones: MilestoneView[] | undefined) => (milestones?.some(moneyInFlight) ? 2000 : 15000);

export const useMilestones = (projectId: number, enabled = true) =>
  useQuery({
    queryKey: milestoneKeys.ofProject(projectId),
    queryFn: async () => (await api.get<MilestoneView[]>(`/job/${projectId}/milestones`)).data,
    refetchInterval: (q) => pollWhilePending(q.state.data),
    enabled,
  });

export const useMilestoneForm = (projectId: number) =>
  useQuery({ queryKey: milestoneKeys.form(projectId), queryFn: async () => (await api.get<MilestoneFormData>(`/milestones/form/job/${projectId}`)).data });

export const usePayees = (projectId: number, mId: number, pollMs: number | false = false) =>
  useQuery({
    queryKey: milestoneKeys.payees(projectId, mId),
    queryFn: async () => (await api.get<PayeeView[]>(`/milestone/${mId}/payees`)).data,
    refetchInterval: pollMs,
  });
export const useEdits = (projectId: number, mId: number, enabled: boolean) =>
  useQuery({ queryKey: milestoneKeys.edits(projectId, mId), queryFn: async () => (await api.get<VersionView[]>(`/milestone/${mId}/edits`)).data, enabled });
/** `enabled` false: the card knows there is none (its deposit count is 0), so it asks for nothing. */
export const useDeposits = (projectId: number, mId: number, pollMs: number | false = false, enabled = true) =>
  useQuery({
    queryKey: milestoneKeys.deposits(projectId, mId),
    queryFn: async () => (await api.get<DepositView[]>(`/milestone/${mId}/deposits`)).data,
    refetchInterval: pollMs,
    enabled,
  });

/** While money is on its way (a pending deposit, payouts not yet paid) the card polls its payments. */
export const moneyInFlight = (m: MilestoneView): boolean => m.deposit_pending || m.payouts_pending || (m.refunded !== '0.00' && m.held !== '0.00');

/** Every change to a milestone refreshes the project's milestones, totals and history. */
function useMilestoneMutation<TInput, TResult>(projectId: number, call: (input: TInput) => Promise<TResult>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: call, onSuccess: () => queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) }) });
}

export const useProposeMilestone = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (payload: MilestonePayload) => (await api.post<{ m_id: number; original_id: number }>('/milestone', payload, asCommand())).data,
  );

export const useApproval = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (input: { milestone_id: number; approve?: true; reject?: true }) => (await api.post<MilestoneView>('/milestone/approval', input, asCommand())).data,
  );

export const useMarkComplete = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (input: { milestone_id: number; complete: boolean }) =>
      (await api.put<MilestoneView>(`/milestone/${input.milestone_id}/complete`, { complete: input.complete }, asCommand())).data,
  );

export const useStartDeposit = (projectId: number) =>
  useMilestoneMutation(projectId, async (input: { milestone_id: number }) => (await api.post<DepositView>('/milestone/deposit', input, asCommand())).data);

export const useOpenDispute = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (input: { milestone_id: number; statement: string }) =>
      (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute`, { statement: input.statement }, asCommand())).data,
  );

export const useRespondToDispute = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (input: { milestone_id: number; statement: string }) =>
      (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/dispute/respond`, { statement: input.statement }, asCommand())).data,
  );

export const useClaimRefund = (projectId: number) =>
  useMilestoneMutation(
    projectId,
    async (input: { milestone_id: number }) => (await api.post<MilestoneView>(`/milestone/${input.milestone_id}/refund-claim`, {}, asCommand())).data,
  );
