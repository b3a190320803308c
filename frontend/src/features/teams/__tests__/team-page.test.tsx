import type { CompanyRole, TeamView } from '@escrow/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { setStepUpHandler } from '../../../lib/step-up';
import { fakeApi, renderScreen } from '../../../test/render';
import { TeamSettings } from '../components/TeamSettings';
import { EMAIL_FORMAT, EMAIL_REQUIRED, ONLY_OWNER_LEAVES, ROLE_DESCRIPTIONS, ROLE_REQUIRED } from '../components/texts';

const member = (user_id: number, display_name: string, role: CompanyRole) => ({
  user_id,
  display_name,
  email: `${display_name.split(' ')[0]!.toLowerCase()}@saguaro.test`,
  role,
  joined_at: '2026-11-01T10:00:00Z',
  has_second_factor: role !== 'viewer',
  last_login_at: null,
});

const team = (role: CompanyRole, over: Partial<TeamView> = {}): TeamView => ({
  company_id: 100,
  company_name: 'Saguaro Build Co.',
  signing_policy: 'owner_only',
  me: { user_id: 1, role },
  members: [member(1, 'Sam Seller', role), member(2, 'Fran Finance', 'finance'), member(3, 'Val Viewer', 'viewer')],
  invitations:
    role === 'owner'
      ? [
          {
            invitation_id: 'inv-1',
            email: 'pat@saguaro.test',
            role: 'project_manager',
            invited_by_name: 'Sam Seller',
            sent_at: '2026-11-20T10:00:00Z',
            expires_at: '2026-11-27T10:00:00Z',
          },
        ]
      : [],
  ...over,
});

const teamPage = (view: TeamView, more: (call: { method: string; url: string }) => { status: number; body?: unknown } | undefined = () => undefined) => {
  const api = fakeApi((call) => (call.method === 'GET' && call.url === '/company/team' ? { status: 200, body: view } : more(call)));
  renderScreen(
    <App>
      <TeamSettings />
    </App>,
  );
  return api;
};

const members = () => screen.findByRole('table', { name: 'Members' });

describe('the Team page', () => {
  it('shows an owner the members with their roles, Change role and Remove on the others, and the pending invitations', async () => {
    teamPage(team('owner'));
    const table = await members();
    const fran = within(table).getByRole('row', { name: /Fran Finance/ });
    expect(within(fran).getByText('Finance')).toBeInTheDocument();
    expect(within(fran).getByRole('button', { name: 'Change role of Fran Finance' })).toBeInTheDocument();
    expect(within(fran).getByRole('button', { name: 'Remove Fran Finance' })).toBeInTheDocument();
    // Not on the owner's own row: they leave instead.
    const own = within(table).getByRole('row', { name: /Sam Seller/ });
    expect(within(own).queryByRole('button')).toBeNull();
    expect(screen.getByRole('button', { name: 'Invite a member' })).toBeInTheDocument();
    const invitations = screen.getByRole('table', { name: 'Pending invitations' });
    expect(within(invitations).getByText('pat@saguaro.test')).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Resend the invitation to pat@saguaro.test' })).toBeInTheDocument();
    expect(within(invitations).getByRole('button', { name: 'Revoke the invitation to pat@saguaro.test' })).toBeInTheDocument();
    expect(screen.getByRole('radiogroup', { name: 'Who signs escrow agreements' })).toBeInTheDocument();
    // The only owner cannot leave, and is told why.
    expect(screen.getByText(ONLY_OWNER_LEAVES)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Leave / })).toBeNull();
  });

  it.each(['finance', 'project_manager', 'viewer'] as const)('shows a %s member no owner buttons, and says why where they would be', async (role) => {
    teamPage(team(role));
    const table = await members();
    expect(within(table).queryByRole('button')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Invite a member' })).toBeNull();
    expect(screen.queryByRole('table', { name: 'Pending invitations' })).toBeNull();
    expect(screen.queryByRole('radiogroup', { name: 'Who signs escrow agreements' })).toBeNull();
    expect(screen.getByText("Only the company's owner can manage the company's members.")).toBeInTheDocument();
    expect(screen.getByText("Only the company's owner can edit the company's profile.")).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave Saguaro Build Co.' })).toBeInTheDocument();
  });

  it('checks the invite dialog before sending: an email, a valid one, and a role', async () => {
    const { calls } = teamPage(team('owner'));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    // The four roles, each with its one line.
    for (const line of Object.values(ROLE_DESCRIPTIONS)) expect(within(dialog).getByText(line)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(EMAIL_REQUIRED)).toBeInTheDocument();
    expect(within(dialog).getByText(ROLE_REQUIRED)).toBeInTheDocument();
    await userEvent.type(within(dialog).getByLabelText('Email'), 'not-an-address');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await within(dialog).findByText(EMAIL_FORMAT)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the invitation, and puts a refusal about the address under the Email field by its code', async () => {
    let answer = { status: 409, body: { statusCode: 409, code: 'already_member', message: 'fran@saguaro.test is already a member of Saguaro Build Co.' } };
    const { calls } = teamPage(team('owner'), (call) => (call.method === 'POST' && call.url === '/company/invitations' ? answer : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Invite a member' }));
    const dialog = screen.getByRole('dialog', { name: 'Invite a member' });
    await userEvent.type(within(dialog).getByLabelText('Email'), ' Fran@Saguaro.test ');
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Finance/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    const error = await within(dialog).findByText('fran@saguaro.test is already a member of Saguaro Build Co.');
    expect(within(dialog).getByLabelText('Email')).toHaveAttribute('aria-describedby', expect.stringContaining(error.closest('[id]')!.id));
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ email: 'fran@saguaro.test', role: 'finance' });

    answer = { status: 201, body: { invitation_id: 'inv-2', expires_at: '2026-12-05T10:00:00Z' } } as never;
    await userEvent.clear(within(dialog).getByLabelText('Email'));
    await userEvent.type(within(dialog).getByLabelText('Email'), 'new@saguaro.test');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText('Invitation sent to new@saguaro.test.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.data).toEqual({ email: 'new@saguaro.test', role: 'finance' });
  });

  it('removes a member after a confirmation, and shows the last-owner refusal in the dialog', async () => {
    const { calls } = teamPage(team('owner'), (call) =>
      call.method === 'DELETE' && call.url === '/company/members/2'
        ? { status: 409, body: { statusCode: 409, code: 'last_owner', message: 'A company keeps at least one owner.' } }
        : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Remove Fran Finance' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove Fran Finance?' });
    expect(dialog).toHaveTextContent('is signed out everywhere at once');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await within(dialog).findByText('A company keeps at least one owner.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.url)).toEqual(['/company/members/2']);
  });

  it('changes a role through the dialog of the four roles', async () => {
    const { calls } = teamPage(team('owner'), (call) =>
      call.method === 'PATCH' ? { status: 200, body: member(3, 'Val Viewer', 'project_manager') } : undefined,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Change role of Val Viewer' }));
    const dialog = screen.getByRole('dialog', { name: 'Change the role of Val Viewer' });
    expect(within(dialog).getByRole('button', { name: 'Change role' })).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: /^Project manager/ }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Val Viewer’s role is now Project manager.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PATCH')).toMatchObject({ url: '/company/members/3', data: { role: 'project_manager' } });
  });

  it('revokes an invitation after a confirmation', async () => {
    const { calls } = teamPage(team('owner'), (call) => (call.method === 'DELETE' ? { status: 204 } : undefined));
    await userEvent.click(await screen.findByRole('button', { name: 'Revoke the invitation to pat@saguaro.test' }));
    const dialog = screen.getByRole('dialog', { name: 'Revoke this invitation?' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Revoke' }));
    expect(await screen.findByText('The invitation to pat@saguaro.test was revoked.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')?.url).toBe('/company/invitations/inv-1');
  });

  it('asks for a fresh second factor before resending an invitation, then resends it once', async () => {
    let steppedUp = false;
    const removeHandler = setStepUpHandler(async () => {
      steppedUp = true;
    });
    try {
      const { calls } = teamPage(team('owner'), (call) => {
        if (call.method !== 'POST' || call.url !== '/company/invitations/inv-1/resend') return undefined;
        if (!steppedUp)
          return {
            status: 401,
            body: { code: 'step_up_required', enrolled: true, message: "Confirm it's you: enter a code from your authenticator app or use your passkey." },
          };
        return { status: 200, body: { invitation_id: 'inv-1', expires_at: '2026-12-07T10:00:00Z' } };
      });
      const invitations = await screen.findByRole('table', { name: 'Pending invitations' });
      await userEvent.click(within(invitations).getByRole('button', { name: 'Resend the invitation to pat@saguaro.test' }));
      expect(await screen.findByText('Invitation sent again to pat@saguaro.test.')).toBeInTheDocument();
      expect(steppedUp).toBe(true);
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual(['/company/invitations/inv-1/resend', '/company/invitations/inv-1/resend']);
    } finally {
      removeHandler();
    }
  });
});
