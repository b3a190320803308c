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
  /** A progress-billed payout's waiver (signed on the project's billing route); null or absent for a milestone's. */
  payoutId?: number | null;
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
    mutationFn: async ({ mId, projectId, payoutId, ...body }: SignWaiverInput) =>
      payoutId != null
        ? (
            await api.post<LienWaiverDocument>(
              `/job/${projectId}/billing/waivers/sign`,
              { payout_id: payoutId, kind: body.kind, signed_name: body.signed_name, waiver_hash: body.waiver_hash },
              asCommand(),
            )
          ).data
        : (await api.post<LienWaiverDocument>(`/milestone/${mId}/waivers/sign`, body, asCommand())).data,
    onSuccess: (_document, input) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: projectKeys.detail(input.projectId) }),
        queryClient.invalidateQueries({ queryKey: waiverKeys.ofCompany() }),
      ]),
  });
}
