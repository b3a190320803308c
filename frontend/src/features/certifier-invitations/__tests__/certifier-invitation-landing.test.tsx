import type { CertifierInvitationPreview } from '@escrow/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { CertifierInvitationLanding } from '../components/CertifierInvitationLanding';

const preview = (account: CertifierInvitationPreview['account']): CertifierInvitationPreview => ({
  job_id: 1002,
  project_name: 'General Contracting',
  inviter_name: 'Jordan Buyer',
  email: 'ada@architects.test',
  expires_at: '2026-12-05T10:00:00Z',
  account,
});

type Answer = { status: number; body?: unknown };
function landing(invitation: Answer, { user = {}, accept }: { user?: unknown; accept?: Answer } = {}) {
  const api = fakeApi((call) => {
    if (call.method === 'GET' && call.url === '/certifier-invitations/abc') return invitation;
    if (call.method === 'GET' && call.url === '/user') return { status: 200, body: user };
    if (call.method === 'POST' && call.url === '/certifier-invitations/abc/accept') return accept;
    return undefined;
  });
  renderScreen(
    <App>
      <CertifierInvitationLanding code="abc" />
    </App>,
    { path: '/certify/join/abc', pattern: '/certify/join/:code' },
  );
  return api;
}

describe('the certifier invitation page', () => {
  it('says who asks for which project and what a certifier may do, and makes a new account', async () => {
    const { calls } = landing({ status: 200, body: preview('new') }, { accept: { status: 200, body: { user_id: 9, job_id: 1002, role: 'certifier' } } });
    expect(await screen.findByText(/Jordan Buyer asks ada@architects.test to certify the pay applications of/)).toHaveTextContent(
      'General Contracting (project 1002)',
    );
    expect(screen.getByText(/never moves money/)).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Architect');
    await userEvent.type(screen.getByLabelText('Password'), 'Correct-horse-42');
    await userEvent.click(screen.getByRole('button', { name: 'Create account and accept' }));
    expect(await screen.findByText('You now certify the pay applications of General Contracting (project 1002).')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ first_name: 'Ada', last_name: 'Architect', password: 'Correct-horse-42' });
  });

  it('asks an existing account to log in first, and back here after', async () => {
    landing({ status: 200, body: preview('existing') });
    expect(await screen.findByRole('link', { name: 'Log in to accept the invitation' })).toHaveAttribute(
      'href',
      `/login?next=${encodeURIComponent('/certify/join/abc')}`,
    );
  });

  it('says plainly when the link was used or expired', async () => {
    landing({ status: 410, body: { statusCode: 410, code: 'invitation_used', message: 'This invitation was already used. Sign in instead.' } });
    expect(await screen.findByText('This invitation was already used. Log in instead.')).toBeInTheDocument();
  });
});
