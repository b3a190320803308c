import type { CompanyRole } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../test/render';
import { signedIn } from '../../test/users';
import { TeamPage } from './TeamPage';

const member = (user_id: number, display_name: string, role: CompanyRole) => ({
  user_id,
  display_name,
  email: `${display_name.split(' ')[0]!.toLowerCase()}@saguaro.test`,
  role,
  joined_at: '2026-11-01T10:00:00Z',
  has_second_factor: true,
  last_login_at: null,
});

const team = (role: CompanyRole) => ({
  company_id: 100,
  company_name: 'Saguaro Build Co.',
  signing_policy: 'owner_only',
  me: { user_id: 21, role },
  members: [member(21, 'Dana Pruitt', role), member(22, 'Pat Manager', 'project_manager')],
  invitations: [],
});

const entry = (over: Record<string, unknown>) => ({
  at: '2026-11-27T10:00:00Z',
  kind: 'login',
  detail: null,
  ip: '203.0.113.7',
  browser: 'Firefox on Linux',
  actor_name: 'Pat Manager',
  user_id: 22,
  user_name: 'Pat Manager',
  member_role: 'project_manager',
  ...over,
});

function page(role: CompanyRole) {
  const api = fakeApi((call) => {
    if (call.url === '/user') return { status: 200, body: signedIn(role) };
    if (call.url === '/company/team') return { status: 200, body: team(role) };
    if (call.url === '/company/security-log')
      return {
        status: 200,
        body: {
          page: 1,
          pages: 1,
          entries:
            call.params?.user_id === 22
              ? [entry({})]
              : [entry({}), entry({ kind: 'member_invited', actor_name: 'Dana Pruitt', user_id: 23, user_name: 'Lee Former', member_role: null })],
        },
      };
    return undefined;
  });
  renderScreen(<TeamPage />, { path: '/portal/account/team' });
  return api;
}

describe("the company's security log on the Team page (issue 37)", () => {
  it("shows owners the team's changes and the members' sign-ins, by member and role", async () => {
    const { calls } = page('owner');
    const log = await screen.findByRole('table', { name: 'Security log' });
    const rows = await within(log).findAllByRole('row');
    expect(rows[1]).toHaveTextContent('Pat Manager (project manager)');
    expect(rows[1]).toHaveTextContent('Login');
    expect(rows[1]).toHaveTextContent('Firefox on Linux');
    // Someone no longer in the team: the name alone.
    expect(rows[2]).toHaveTextContent('Member invited');
    expect(within(rows[2]!).getByText('Lee Former')).toBeInTheDocument();
    expect(calls.find((c) => c.url === '/company/security-log')?.params).toEqual({ page: 1 });

    await userEvent.click(screen.getByLabelText('Member'));
    await userEvent.click(await screen.findByTitle('Pat Manager'));
    await waitFor(() => expect(calls.filter((c) => c.url === '/company/security-log').at(-1)?.params).toEqual({ page: 1, user_id: 22 }));
    await waitFor(() => expect(within(log).getAllByRole('row')).toHaveLength(2));
  });

  it.each(['finance', 'project_manager', 'viewer'] as const)('shows a %s member no log, and asks for none', async (role) => {
    const { calls } = page(role);
    expect(await screen.findByRole('table', { name: 'Members' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Security log' })).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/company/security-log')).toBe(false);
  });
});
