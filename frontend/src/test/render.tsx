import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { AxiosAdapter, AxiosResponse, InternalAxiosRequestConfig } from 'axios';
import { AxiosError } from 'axios';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router-dom';

import { currentUserKey, type MaybeUser } from '../api/current-user';
import { ToastProvider } from '../components/toasts/toasts';
import { api } from '../lib/api-client';

export interface FakeCall {
  method: string;
  url: string;
  data: unknown;
  params?: Record<string, unknown>;
  /** The Idempotency-Key the request carried, if any. */
  idempotencyKey?: string;
}

/** An answer; `progress` is sent to the request's onUploadProgress (percent of the body) before the delay. */
type Reply = { status: number; body?: unknown; delayMs?: number; progress?: number[] };
type Route = (call: FakeCall) => Reply | undefined;

/**
 * Component tests talk to a scripted API through axios's own adapter hook: the components,
 * axios and its error handling are real; only the network answers are written by the test.
 * (The Playwright journeys run against the real backend.)
 */
export function fakeApi(route: Route) {
  const calls: FakeCall[] = [];
  const adapter: AxiosAdapter = async (config: InternalAxiosRequestConfig) => {
    const call: FakeCall = {
      method: (config.method ?? 'get').toUpperCase(),
      url: config.url ?? '',
      // A multipart upload's FormData is handed over as it is.
      data: typeof config.data === 'string' ? JSON.parse(config.data) : config.data,
      params: config.params as Record<string, unknown> | undefined,
    };
    // Not enumerable: the tests that compare whole calls need not state each command's random key;
    // a test about the key reads it by name.
    Object.defineProperty(call, 'idempotencyKey', { value: config.headers?.get?.('Idempotency-Key') as string | undefined, enumerable: false });
    calls.push(call);
    const reply = route(call) ?? { status: 404, body: { message: `no fake for ${call.method} ${call.url}` } };
    for (const percent of reply.progress ?? []) config.onUploadProgress?.({ loaded: percent, total: 100, bytes: percent, lengthComputable: true });
    if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
    const response = { data: reply.body, status: reply.status, statusText: String(reply.status), headers: {}, config } as AxiosResponse;
    if (reply.status >= 400) throw new AxiosError(`Request failed with status code ${reply.status}`, String(reply.status), config, null, response);
    return response;
  };
  api.defaults.adapter = adapter;
  return { calls };
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{location.pathname}</div>;
}

/**
 * Renders a screen inside a memory router (at `path`) with a fresh query client and the app's toasts.
 * `user`: the signed-in user already known, as the portal's frames make sure before drawing a screen.
 */
export function renderScreen(element: ReactNode, { path = '/', pattern = '*', user }: { path?: string; pattern?: string; user?: MaybeUser } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  if (user) queryClient.setQueryData(currentUserKey(), user);
  const router = createMemoryRouter(
    [
      {
        path: pattern,
        element: (
          <>
            {element}
            <LocationProbe />
          </>
        ),
      },
      { path: '*', element: <LocationProbe /> },
    ],
    { initialEntries: [path] },
  );
  return {
    queryClient,
    ...render(
      <QueryClientProvider client={queryClient}>
        <ToastProvider>
          <RouterProvider router={router} />
        </ToastProvider>
      </QueryClientProvider>,
    ),
  };
}
