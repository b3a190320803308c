import '../design/tokens.css';
import '../styles/global.css';

import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { RouterProvider } from 'react-router-dom';

import { prefetchCurrentUser, recheckSessionAfter } from '../api/current-user';
import { ToastProvider } from '../components/toasts/toasts';
import { shouldRetryQuery } from '../lib/api-client';
import { keepTabInsideModals } from '../lib/dialog-focus';
import { createRouter } from './router';

function createQueryClient() {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => recheckSessionAfter(error, client, query.queryKey) }),
    mutationCache: new MutationCache({ onError: (error) => recheckSessionAfter(error, client) }),
    defaultOptions: {
      queries: { retry: shouldRetryQuery, refetchOnWindowFocus: false },
    },
  });
  // Beside the first screen's code, not after it (Lighthouse's LCP: issue 40).
  prefetchCurrentUser(client);
  return client;
}

export function App() {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(() => createRouter(queryClient));
  useEffect(() => keepTabInsideModals(), []);
  return (
    <QueryClientProvider client={queryClient}>
      <ToastProvider>
        <RouterProvider router={router} />
      </ToastProvider>
    </QueryClientProvider>
  );
}
