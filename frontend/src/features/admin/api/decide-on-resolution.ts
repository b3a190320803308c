import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type ProposalDecision = 'approve' | 'reject';

interface ProposalDecisionRequest {
  decision: ProposalDecision;
  /** The proposal the administrator saw: the API refuses (409) when another has replaced it. */
  proposal_id: number;
  /** Why it is rejected (or withdrawn), for the History. */
  note?: string;
}

/**
 * Four eyes (docs/administrators.md): a different administrator approves a proposed resolution
 * (the money moves then), or either of them rejects it. `path` is the resolution's own route:
 * a milestone's dispute or a project's retainage.
 */
function useDecideOnProposal(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ decision, ...body }: ProposalDecisionRequest) => (await api.post(`${path}/${decision}`, body, asCommand())).data,
    // An approval moves money: every admin figure may have changed. Not awaited: the refetch
    // removes the panel, and the caller's own onSuccess (its message) must run before it goes.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: adminKeys.all }),
  });
}

/** POST /api/admin/milestones/{id}/dispute/resolution/approve|reject */
export const useDecideOnResolution = (originalId: number) => useDecideOnProposal(`/admin/milestones/${originalId}/dispute/resolution`);

/** POST /api/admin/job/{id}/retainage/resolution/approve|reject */
export const useDecideOnRetainageResolution = (projectId: number) => useDecideOnProposal(`/admin/job/${projectId}/retainage/resolution`);

/** What a resolve route answers when it only proposed the resolution (202). */
export interface ProposedAnswer {
  message: string;
  proposal: unknown;
}
export const wasProposed = (answer: unknown): answer is ProposedAnswer =>
  typeof answer === 'object' && answer !== null && 'proposal' in answer && 'message' in answer && typeof answer.message === 'string';
