import { useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { adminKeys } from './keys';

export type RebuildComparison =
  | { compared: true; equal: boolean; position: string; tables: { table: string; liveRows: number; rebuiltRows: number; equal: boolean }[] }
  | { compared: false; reason: string };

export interface ProjectorStatus {
  name: string;
  version: number;
  storedVersion: number | null;
  state: string;
  position: string | null;
  lagEvents: number | null;
  lagSeconds: number | null;
  eventsApplied: number;
  lastEventAt: string | null;
  error: string | null;
  failedEventId: string | null;
  openDeadLetters: number;
  lastRebuild: {
    state: 'running' | 'finished' | 'failed';
    done: number;
    total: number | null;
    startedAt: string;
    finishedAt: string | null;
    stale: boolean;
    error: string | null;
    comparison: RebuildComparison | null;
  } | null;
  rebuilding_here: boolean;
}

export const getProjections = async () => (await api.get<ProjectorStatus[]>('/admin/projections')).data;
const rebuilding = (statuses: ProjectorStatus[] | undefined) =>
  (statuses ?? []).some((p) => p.rebuilding_here || (p.lastRebuild?.state === 'running' && !p.lastRebuild.stale));

/** Polls fast while a rebuild runs, so its progress moves on screen. */
export const useProjections = () =>
  useQuery({ queryKey: adminKeys.projections(), queryFn: getProjections, refetchInterval: (query) => (rebuilding(query.state.data) ? 500 : 5000) });
