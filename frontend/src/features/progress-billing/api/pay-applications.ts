import type { PayApplicationListItem, PayApplicationView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

export type { PayApplicationListItem, PayApplicationView };

/** GET …/pay-applications: every application of the project, by period. */
export const usePayApplications = (projectId: number, enabled = true) =>
  useQuery({
    queryKey: billingKeys.applications(projectId),
    queryFn: async () => (await api.get<PayApplicationListItem[]>(`/job/${projectId}/pay-applications`)).data,
    enabled,
  });

/** GET …/pay-applications/{number}: one application with every G703 column, the G702 and each payee's figures. */
export const usePayApplication = (projectId: number, number: number | null) =>
  useQuery({
    queryKey: billingKeys.application(projectId, number ?? 0),
    queryFn: async () => (await api.get<PayApplicationView>(`/job/${projectId}/pay-applications/${number}`)).data,
    enabled: number !== null,
  });

/** Where the application's PDF (G702 and G703) and its continuation sheet as CSV download. */
export const documentUrl = (projectId: number, number: number, kind: 'pdf' | 'csv') => `/api/job/${projectId}/pay-applications/${number}/${kind}`;

/** A line as the seller bills it: this period's work as an amount or a percentage, and the materials stored. */
export interface ApplicationLineRequest {
  line: string;
  work_amount?: string;
  work_percent?: string;
  stored_materials?: string;
  evidence?: string[];
}

export interface CertificationLineRequest {
  line: string;
  decision: 'as_billed' | 'reduced' | 'refused';
  work_this_period?: string;
  stored_materials?: string;
  reason?: string;
}

/** Every application command answers the application: kept as its answer, then the project is asked again. */
function useApplicationMutation<TInput>(projectId: number, call: (input: TInput) => Promise<PayApplicationView>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (application) => {
      queryClient.setQueryData(billingKeys.application(projectId, application.application_number), application);
      return queryClient.invalidateQueries({ queryKey: projectKeys.detail(projectId) });
    },
  });
}

/** POST …/pay-applications (a new application) or …/{number}/revise (a new revision of the open one). */
export const useSubmitPayApplication = (projectId: number) =>
  useApplicationMutation(projectId, async ({ revise, ...body }: { revise: number | null; period_to: string; lines: ApplicationLineRequest[] }) =>
    revise === null
      ? (await api.post<PayApplicationView>(`/job/${projectId}/pay-applications`, body, asCommand())).data
      : (await api.post<PayApplicationView>(`/job/${projectId}/pay-applications/${revise}/revise`, body, asCommand())).data,
  );

/** POST …/{number}/certify: the buyer or the certifier decides every billed line (asks for a step-up). */
export const useCertifyPayApplication = (projectId: number) =>
  useApplicationMutation(
    projectId,
    async ({ number, ...body }: { number: number; revision: number; lines: CertificationLineRequest[] }) =>
      (await api.post<PayApplicationView>(`/job/${projectId}/pay-applications/${number}/certify`, body, asCommand())).data,
  );

/** POST …/{number}/accept: the seller accepts a certificate with a reduced or refused line. */
export const useAcceptCertification = (projectId: number) =>
  useApplicationMutation(
    projectId,
    async ({ number, revision }: { number: number; revision: number }) =>
      (await api.post<PayApplicationView>(`/job/${projectId}/pay-applications/${number}/accept`, { revision }, asCommand())).data,
  );
