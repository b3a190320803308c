import { QueryClient } from '@tanstack/react-query';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { projectKeys } from '../api/projects';
import { withFirstPaintData } from './first-paint-data';

afterEach(() => vi.unstubAllGlobals());

const routes: RouteObject[] = [{ children: [{ path: 'portal' }, { path: 'portal/job/:projectId' }, { path: 'portal/job/:projectId/ach' }] }];
const loaderOf = (tree: RouteObject[], path: string) =>
  tree[0]!.children!.find((r) => r.path === path)!.loader as ((args: LoaderFunctionArgs) => unknown) | undefined;
const args = (projectId: string) => ({ params: { projectId }, request: new Request('http://localhost/'), context: undefined }) as unknown as LoaderFunctionArgs;

describe('the first paint’s answers, asked for as a route matches', () => {
  it('gives the project page a loader that asks for its project, retainage and billing and answers at once', async () => {
    const asked: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        asked.push(url);
        return new Response('{}', { status: 200 });
      }),
    );
    const client = new QueryClient();
    const tree = withFirstPaintData(routes, client);
    expect(loaderOf(tree, 'portal')).toBeUndefined();
    expect(loaderOf(tree, 'portal/job/:projectId/ach')).toBeUndefined();
    expect(loaderOf(tree, 'portal/job/:projectId')!(args('42'))).toBeNull();
    await vi.waitFor(() => expect(client.isFetching()).toBe(0));
    expect(asked.sort()).toEqual(['/api/job/42', '/api/job/42/retainage', '/api/job/42/schedule']);
    expect(client.getQueryData(projectKeys.summary(42))).toEqual({});
  });

  it('asks for nothing when the id in the address is not a project id', () => {
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const tree = withFirstPaintData(routes, new QueryClient());
    for (const id of ['0', '-1', '1e3', 'abc', '12345678901234567']) expect(loaderOf(tree, 'portal/job/:projectId')!(args(id))).toBeNull();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
