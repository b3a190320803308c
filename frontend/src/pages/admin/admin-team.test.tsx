import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { recheckSessionAfter } from '../../api/current-user';
import { fakeApi, renderScreen } from '../../test/render';
import { AdminCompanyTeamPage } from './DirectoryPages';

const admin = (admin_role: string) => ({
  user_id: 1,
  first_name: 'Avery',
  last_name: 'Admin',
  phone: null,
  email: 'a@x.test',
  display_name: 'Avery Admin',
  role: 'admin',
  admin_role,
  company: null,
  permissions: { user: true },
  security: { second_factor: true },
});

const team = {
  company_id: 100,
  company_name: 'Saguaro Build Co.',
  signing_policy: 'owner_only',
  members: [
    {
      user_id: 2,
      display_name: 'Sam Seller',
      email: 'sam@x.test',
      role: 'owner',
      joined_at: '2026-11-01T10:00:00Z',
      has_second_factor: true,
      last_login_at: null,
    },
  ],
  invitations: [
    {
      invitation_id: 'inv-1',
      email: 'pat@x.test',
      role: 'viewer',
      invited_by_name: 'Sam Seller',
      sent_at: '2026-11-20T10:00:00Z',
      expires_at: '2026-11-27T10:00:00Z',
    },
  ],
};

function teamPage(role: string) {
  fakeApi((call) => {
    if (call.url === '/user') return { status: 200, body: admin(role) };
    if (call.url === '/admin/companies/100/team') return { status: 200, body: team };
    if (call.url === '/company/100') return { status: 200, body: { company_id: 100, name: 'Saguaro Build Co.' } };
    if (call.url === '/company/services/100') return { status: 200, body: [] };
    return undefined;
  });
  renderScreen(<AdminCompanyTeamPage />, { path: '/admin/companies/100/team', pattern: '/admin/companies/:companyId/team' });
}

describe('the console’s team view of a company (issue 37)', () => {
  it('lets support resend or revoke an invitation, and offers no role to take', async () => {
    teamPage('support');
    const invitations = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByRole('button', { name: 'Resend the invitation to pat@x.test' })).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Revoke the invitation to pat@x.test' })).toBeInTheDocument();
    expect(within(screen.getByRole('table', { name: 'Members' })).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: /Invite|Change role|Join/ })).toBeNull();
  });

  it('shows a finance administrator the list and why it cannot change it', async () => {
    teamPage('finance');
    const invitations = await screen.findByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).queryByRole('button')).toBeNull();
    expect(screen.getByText('Your administrator role (finance) cannot do this: it needs the support or owner role.')).toBeInTheDocument();
  });
});

describe('a session that ended', () => {
  it('asks for the current user again after a 401 that is not a step-up', async () => {
    const { QueryClient } = await import('@tanstack/react-query');
    const client = new QueryClient();
    const asked: unknown[] = [];
    client.invalidateQueries = ((filters: { queryKey: unknown }) => (asked.push(filters.queryKey), Promise.resolve())) as never;
    const refusal = (status: number, code?: string) => ({ isAxiosError: true, response: { status, data: { code } } });
    const { AxiosError } = await import('axios');
    const axiosError = (status: number, code?: string) => Object.assign(new AxiosError('x'), refusal(status, code));
    recheckSessionAfter(axiosError(401, 'step_up_required'), client);
    recheckSessionAfter(axiosError(401, 'session_rotated'), client);
    recheckSessionAfter(axiosError(403, 'role_forbidden'), client);
    recheckSessionAfter(axiosError(401), client, ['auth', 'current-user']);
    expect(asked).toEqual([]);
    recheckSessionAfter(axiosError(401), client, ['team', 'mine']);
    expect(asked).toEqual([['auth', 'current-user']]);
  });
});
