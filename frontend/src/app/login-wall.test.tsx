import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { afterLogin, refusalNotice } from '../features/auth/access';
import { RequireAccess } from '../features/auth/components/RequireAccess';
import { LoginPage } from '../pages/LoginPage';
import { fakeApi } from '../test/render';
import { RootLayout } from './layout/RootLayout';

const buyer = {
  user_id: 10,
  first_name: 'Jordan',
  last_name: 'Buyer',
  phone: null,
  email: 'buyer@x.test',
  display_name: 'Jordan Buyer',
  company: null,
  permissions: { user: true },
};
const admin = { ...buyer, user_id: 1, role: 'admin' };

function app(path: string) {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        children: [
          { path: '/', element: <p>Home page</p> },
          { path: '/login', element: <LoginPage /> },
          {
            path: '/portal/job/:id',
            element: (
              <RequireAccess checks={['user']}>
                <p>Project 1003</p>
              </RequireAccess>
            ),
          },
          {
            path: '/admin',
            element: (
              <RequireAccess checks={['admin']}>
                <p>Console</p>
              </RequireAccess>
            ),
          },
        ],
      },
    ],
    { initialEntries: [path] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return router;
}

describe('the login wall (docs/product.md#failed-checks)', () => {
  it('sends a logged-out visitor to the login and back to the page they were going to', async () => {
    let loggedIn = false;
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: loggedIn ? buyer : {} };
      if (call.url === '/auth/login') {
        loggedIn = true;
        return { status: 200, body: buyer };
      }
      return undefined;
    });
    const router = app('/portal/job/1003?tab=history');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/portal/job/1003?tab=history')}`);
    expect(await screen.findByText('Please log in to continue to that page.')).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/auth/logout')).toBe(false);
    await userEvent.type(screen.getByLabelText('Email'), 'buyer@x.test');
    await userEvent.type(screen.getByLabelText('Password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Project 1003')).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/portal/job/1003?tab=history');
  });

  it('logs out a user a check refuses, sends them home and tells them why', async () => {
    let loggedIn = true;
    const { calls } = fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: loggedIn ? buyer : {} };
      if (call.url === '/auth/logout') {
        loggedIn = false;
        return { status: 200, body: {} };
      }
      return undefined;
    });
    const router = app('/admin');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have been logged out: that page is for administrators only. Log in with an account that may open it.',
    );
    expect(router.state.location.pathname).toBe('/');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/auth/logout')).toBe(true);
    expect(screen.queryByText('Console')).not.toBeInTheDocument();
  });

  it('returns only to our own pages that the account may open', () => {
    expect(afterLogin('/portal/job/7', buyer, '/portal')).toBe('/portal/job/7');
    expect(afterLogin('/admin/users', buyer, '/portal')).toBe('/portal');
    expect(afterLogin('/admin/users', admin, '/admin')).toBe('/admin/users');
    expect(afterLogin('/portal/job/7', admin, '/admin')).toBe('/admin');
    // One's own security page is everyone's, administrators' too (a password reset leads there, issue 35).
    expect(afterLogin('/portal/account/security?review=recent-factors', admin, '/admin')).toBe('/portal/account/security?review=recent-factors');
    expect(afterLogin('/portal/account/securityx', admin, '/admin')).toBe('/admin');
    expect(afterLogin('//evil.example/portal', buyer, '/portal')).toBe('/portal');
    expect(afterLogin('https://evil.example/portal', buyer, '/portal')).toBe('/portal');
    expect(afterLogin(null, buyer, '/portal')).toBe('/portal');
    expect(refusalNotice('company')).toBe(
      'You have been logged out: that page is for contractor company accounts only. Log in with an account that may open it.',
    );
  });
});
