import type { CompanyWaiverView, LienWaiverDocument, LienWaiverView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../lib/api-client';
import { projectKeys } from './projects';

// Lien waivers are shared server state: a milestone card lists its payments' waivers, a payee
// company's users sign theirs from the waivers page, and both print them. What only the waivers
// pages read (the company's list, a document to print) is features/lien-waivers.
export type { CompanyWaiverView, LienWaiverDocument, LienWaiverView };

export const waiverKeys = {
  ofMilestone: (projectId: number, mId: number) => [...projectKeys.detail(projectId), 'waivers', mId] as const,
  ofCompany: () => ['waivers', 'company'] as const,
  document: (name: string) => ['waivers', 'document', name] as const,
};

export const useMilestoneWaivers = (projectId: number, mId: number, enabled = true) =>
  useQuery({
    queryKey: waiverKeys.ofMilestone(projectId, mId),
    queryFn: async () => (await api.get<LienWaiverView[]>(`/milestone/${mId}/waivers`)).data,
    enabled,
  });

export interface SignWaiverInput {
  mId: number;
  projectId: number;
  payment: LienWaiverView['payment'];
  mp_id: number;
  kind: LienWaiverView['kind'];
  signed_name: string;
  waiver_hash: string;
}

/** Signs the text the signer read; the project's cards, its history and the company's list follow. */
export function useSignWaiver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ mId, projectId: _projectId, ...body }: SignWaiverInput) =>
      (await api.post<LienWaiverDocument>(`/milestone/${mId}/waivers/sign`, body, asCommand())).data,
    onSuccess: (_document, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: waiverKeys.ofCompany() }),
      ]),
  });
}
