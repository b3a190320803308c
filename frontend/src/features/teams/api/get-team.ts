import type { TeamView } from '@escrow/domain';
import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { teamKeys } from './keys';

/** The viewer's company: members, roles and (for owners) pending invitations (`GET /api/company/team`). */
async function getTeam(): Promise<TeamView> {
  const { data } = await api.get<TeamView>('/company/team');
  return data;
}

export const useTeam = () => useQuery({ queryKey: teamKeys.mine(), queryFn: getTeam });
