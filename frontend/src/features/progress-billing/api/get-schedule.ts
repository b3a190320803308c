import type { ProgressBillingView } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { projectKeys } from '../../../api/projects';
import { api } from '../../../lib/api-client';
import { FIRST_PAINT_STALE_MS } from '../../../lib/first-paint-get';

/** Progress billing's queries sit under the project's, so a project-wide refresh reaches them. */
export const billingKeys = {
  ofProject: (projectId: number) => [...projectKeys.detail(projectId), 'billing'] as const,
  schedule: (projectId: number) => [...billingKeys.ofProject(projectId), 'schedule'] as const,
  applications: (projectId: number) => [...billingKeys.ofProject(projectId), 'applications'] as const,
  application: (projectId: number, number: number) => [...billingKeys.applications(projectId), number] as const,
  certifierInvitations: (projectId: number) => [...billingKeys.ofProject(projectId), 'certifier-invitations'] as const,
};

/**
 * GET /api/job/{id}/schedule: how the project bills, its schedule of values, versions, change
 * orders and certifier. A file of its own: the project page asks for it on its first paint, and
 * the commands beside it load with the Billing tab.
 */
export const scheduleQuery = (projectId: number) =>
  queryOptions({
    queryKey: billingKeys.schedule(projectId),
    queryFn: async () => (await api.get<ProgressBillingView>(`/job/${projectId}/schedule`)).data,
    staleTime: FIRST_PAINT_STALE_MS,
  });

export const useSchedule = (projectId: number, enabled = true) =>
  useQuery({
    ...scheduleQuery(projectId),
    enabled,
    // A retainage release being paid out is asked again until each payee's payout is reported paid.
    refetchInterval: (q) => (q.state.data?.retainage?.releases.some((r) => r.status === 'paying') ? 2000 : false),
  });
