import type { ProjectorStatusView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

const getProjections = async () => (await api.get<ProjectorStatusView[]>('/admin/projections')).data;
const rebuilding = (statuses: ProjectorStatusView[] | undefined) =>
  (statuses ?? []).some((p) => p.rebuilding_here || (p.lastRebuild?.state === 'running' && !p.lastRebuild.stale));

/** Polls fast while a rebuild runs, so its progress moves on screen. */
export const useProjections = () =>
  useQuery({ queryKey: adminKeys.projections(), queryFn: getProjections, refetchInterval: (query) => (rebuilding(query.state.data) ? 500 : 5000) });
