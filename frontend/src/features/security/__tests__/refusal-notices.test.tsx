import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { api } from '../../../lib/api-client';
import { fakeApi, renderScreen } from '../../../test/render';
import { LINK_SENT_AGAIN, SecurityPromptHost } from '../components/SecurityPromptHost';

const NEEDS_FACTOR = 'Set up a second factor (an authenticator app or a passkey) before you do this.';
const UNVERIFIED = 'Verify your email address first: we sent you a link.';

describe('refusals a person can act on say what to do (issue 25)', () => {
  it('a missing second factor links to the security page; an unverified email offers the link again', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/webhooks') return { status: 403, body: { message: NEEDS_FACTOR, code: 'second_factor_required' } };
      if (call.url === '/milestone/deposit') return { status: 403, body: { message: UNVERIFIED, code: 'email_unverified' } };
      if (call.url === '/account/email/verification') return { status: 200, body: { message: 'We sent a link to b@x.co.' } };
      return undefined;
    });
    renderScreen(<SecurityPromptHost />);
    await api.post('/webhooks', {}).catch(() => undefined);
    const notice = await screen.findByTestId('security-refusal');
    expect(notice).toHaveTextContent(NEEDS_FACTOR);
    await userEvent.click(screen.getByRole('link', { name: 'Set up a second factor on your security page' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal/account/security'));

    await api.post('/milestone/deposit', {}).catch(() => undefined);
    expect(await screen.findByTestId('security-refusal')).toHaveTextContent(UNVERIFIED);
    await userEvent.click(screen.getByRole('button', { name: 'Send the link again' }));
    expect(await screen.findByText(LINK_SENT_AGAIN)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/account/email/verification')).toHaveLength(1);
  });

  it('an administrator route without a factor is left to the console, which closes itself', async () => {
    fakeApi((call) => (call.url === '/admin/disputes' ? { status: 403, body: { message: NEEDS_FACTOR, code: 'second_factor_required' } } : undefined));
    renderScreen(<SecurityPromptHost />);
    await api.get('/admin/disputes').catch(() => undefined);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('security-refusal')).not.toBeInTheDocument();
  });
});
