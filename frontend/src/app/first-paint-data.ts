import type { ProgressBillingView } from '@escrow/domain';
import type { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';

import type { ProjectSummary } from '../api/projects';
import { scheduleQuery } from '../features/progress-billing/api/get-schedule';
import { projectQuery } from '../features/projects/api/projects';
import type { RetainageView } from '../features/retainage/api/retainage';
import { retainageQuery } from '../features/retainage/api/retainage';
import { firstPaintGet } from '../lib/first-paint-get';

type Prefetch = (client: QueryClient, params: LoaderFunctionArgs['params']) => void;

/**
 * What a screen's first paint waits for, asked for as soon as its route matches, beside the
 * route's code rather than after it has loaded and run (issue 40, LCP). The API names the same
 * answers in the page it sends (backend/src/http/first-paint-data.ts: keep the two lists alike),
 * so these take what the browser already asked for. The screen reads the same queries and finds
 * them answered or under way. A prefetch never holds the navigation: the loader answers at once.
 */
const FIRST_PAINT_DATA: Record<string, Prefetch> = {
  // The heading (the project's name) waits for the project, its terms line and how it bills. Not
  // the milestones: with them at hand the cards (and each card's own queries) were drawn in the
  // heading's task, and the heading painted later (LCP 2.6 -> 2.8 s).
  'portal/job/:projectId': (client, { projectId }) => {
    if (!/^[1-9]\d{0,15}$/.test(projectId ?? '')) return;
    const id = Number(projectId);
    void client.prefetchQuery({ ...projectQuery(id), queryFn: () => firstPaintGet<ProjectSummary>(`/job/${id}`) });
    void client.prefetchQuery({ ...retainageQuery(id), queryFn: () => firstPaintGet<RetainageView>(`/job/${id}/retainage`) });
    void client.prefetchQuery({ ...scheduleQuery(id), queryFn: () => firstPaintGet<ProgressBillingView>(`/job/${id}/schedule`) });
  },
};

/** The routes, each with a loader that starts its first paint's queries where the table lists one. */
export function withFirstPaintData(routes: RouteObject[], client: QueryClient): RouteObject[] {
  return routes.map((route) => {
    const prefetch = route.path ? FIRST_PAINT_DATA[route.path] : undefined;
    const children = route.children ? withFirstPaintData(route.children, client) : undefined;
    const loader = prefetch
      ? ({ params }: LoaderFunctionArgs) => {
          prefetch(client, params);
          return null;
        }
      : undefined;
    return { ...route, ...(children ? { children } : {}), ...(loader ? { loader } : {}) } as RouteObject;
  });
}
