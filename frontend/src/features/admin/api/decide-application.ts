import type { ContractorApplicationApproval, ContractorApplicationRejection } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

/** Approving creates the company and invites the applicant; rejecting mails them the reason. */
export function useDecideApplication() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, decision, reason }: { id: number; decision: 'approve' | 'reject'; reason?: string }) =>
      (
        await api.post<ContractorApplicationApproval | ContractorApplicationRejection>(
          `/admin/contractor-applications/${id}/${decision}`,
          decision === 'reject' && reason ? { reason } : {},
        )
      ).data,
    onSuccess: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: adminKeys.applications() }), queryClient.invalidateQueries({ queryKey: adminKeys.companies() })]),
  });
}
