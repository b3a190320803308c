import type { InvitationPreview } from '@escrow/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { InvitationLanding } from '../components/InvitationLanding';
import { INVITATION_EXPIRED, INVITATION_NOT_FOUND, INVITATION_REVOKED, INVITATION_USED, MEMBER_ELSEWHERE } from '../components/texts';

const preview = (account: InvitationPreview['account']): InvitationPreview => ({
  company_name: 'Saguaro Build Co.',
  role: 'finance',
  email: 'fran@saguaro.test',
  inviter_name: 'Sam Seller',
  expires_at: '2026-12-05T10:00:00Z',
  account,
});

const signedIn = (email: string) => ({
  user_id: 7,
  first_name: 'Fran',
  last_name: 'Finance',
  phone: null,
  email,
  display_name: 'Fran Finance',
  company: null,
  permissions: { user: true },
});

type Answer = { status: number; body?: unknown };
function landing(invitation: Answer, { user = {}, accept }: { user?: unknown; accept?: Answer } = {}) {
  const api = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/team-invitations/abc') return invitation;
    if (call.method === 'GET' && call.url === '/user') return { status: 200, body: user };
    if (call.method === 'POST' && call.url === '/team-invitations/abc/accept') return accept;
    return undefined;
  });
  renderScreen(
    <App>
      <InvitationLanding code="abc" />
    </App>,
    { path: '/team/join/abc', pattern: '/team/join/:code' },
  );
  return api;
}

describe('the invitation page', () => {
  it('offers a new person a sign-up, checks it, and sends a finance member to set up a second factor', async () => {
    const { calls } = landing(
      { status: 200, body: preview('new') },
      { accept: { status: 200, body: { user_id: 9, company_id: 100, role: 'finance', needs_second_factor: true } } },
    );
    expect(await screen.findByText(/Sam Seller invited fran@saguaro.test to join/)).toHaveTextContent('Saguaro Build Co. as Finance');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a password.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First name'), 'Fran');
    await userEvent.type(screen.getByLabelText('Last name'), 'Finance');
    await userEvent.type(screen.getByLabelText('Password'), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    expect(await screen.findByText('Choose a password of at least 10 characters.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.type(screen.getByLabelText('Password'), '-and-longer');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and join' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/account/security'));
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ first_name: 'Fran', last_name: 'Finance', password: 'short-and-longer' });
  });

  it('lets the invited person with a free account accept when signed in as that email', async () => {
    const { calls } = landing(
      { status: 200, body: preview('existing') },
      { user: signedIn('fran@saguaro.test'), accept: { status: 200, body: { user_id: 7, company_id: 100, role: 'viewer', needs_second_factor: false } } },
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Accept the invitation' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/account/team'));
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({});
  });

  it('asks an existing account to log in first, and back here after', async () => {
    landing({ status: 200, body: preview('existing') });
    const link = await screen.findByRole('link', { name: 'Log in to accept the invitation' });
    expect(link).toHaveAttribute('href', `/login?next=${encodeURIComponent('/team/join/abc')}`);
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('tells someone signed in as another address to switch accounts', async () => {
    landing({ status: 200, body: preview('existing') }, { user: signedIn('someone@else.test') });
    expect(await screen.findByText('You are signed in as someone@else.test, but this invitation is for fran@saguaro.test.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Accept the invitation' })).toBeNull();
  });

  it('says "You already belong to another company" to a member elsewhere, with nothing to accept', async () => {
    landing({ status: 200, body: preview('member_elsewhere') }, { user: signedIn('fran@saguaro.test') });
    expect(await screen.findByText(MEMBER_ELSEWHERE)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Accept|Create account/ })).toBeNull();
  });

  it.each([
    [410, 'invitation_expired', INVITATION_EXPIRED],
    [410, 'invitation_used', INVITATION_USED],
    [410, 'invitation_revoked', INVITATION_REVOKED],
    [404, 'invitation_not_found', INVITATION_NOT_FOUND],
  ])('says what a dead link means by its code (%s %s), whatever the message', async (status, code, text) => {
    landing({ status, body: { statusCode: status, code, message: 'words that decide nothing' } });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
  });
});
