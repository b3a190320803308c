import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { BillingPanel } from '../components/BillingPanel';
import { TEXTS } from '../components/texts';
import { scheduleView, SELLER } from './fixtures';

const show = () =>
  renderScreen(
    <App>
      <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
    </App>,
  );

const REFUSAL = { code: 'certifier_is_seller', message: "Nobody on the seller's side may certify the pay applications." };

describe('inviting a certifier (issue 38)', () => {
  it('lets the buyer invite a certifier by email and says when the link ends', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer') };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'GET' && call.url === '/job/7/certifier-invitations') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/job/7/certifier-invitations')
        return { status: 201, body: { invitation_id: 'inv-1', expires_at: '2026-12-08T10:00:00Z' } };
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Invite a certifier' });
    expect(section).toHaveTextContent(TEXTS.certifierMay);
    expect(section).toHaveTextContent(TEXTS.certifierMayNot);
    await userEvent.type(within(section).getByLabelText('Certifier’s email'), 'architect@example.com');
    await userEvent.click(within(section).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(section).findByText(/Invitation sent to architect@example\.com\. The link works once, until Dec 8, 2026\./)).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.map((c) => [c.url, c.data])).toEqual([['/job/7/certifier-invitations', { email: 'architect@example.com' }]]);
    expect(posts[0]!.idempotencyKey).toEqual(expect.any(String));
  });

  it("shows the refusal of a seller's address beside the email", async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer') };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'GET' && call.url === '/job/7/certifier-invitations') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/job/7/certifier-invitations') return { status: 403, body: REFUSAL };
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Invite a certifier' });
    const email = within(section).getByLabelText('Certifier’s email');
    await userEvent.type(email, 'sam@saguaro.example');
    await userEvent.click(within(section).getByRole('button', { name: 'Send the invitation' }));
    expect(await within(section).findByText(REFUSAL.message)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(within(section).queryByRole('status')).not.toBeInTheDocument();
  });

  it('lists the invitations sent, and withdraws a pending one', async () => {
    const pending = {
      invitation_id: '6b1f0c1e-7d2a-4c1b-9a3e-2f4d5c6b7a80',
      email: 'surveyor@example.com',
      sent_at: '2026-12-01T10:00:00Z',
      expires_at: '2026-12-08T10:00:00Z',
      status: 'pending',
    };
    const accepted = { ...pending, invitation_id: '0c9e6a57-1d3b-4f6e-8a2b-5e7c9d1f3a24', email: 'architect@example.com', status: 'accepted' };
    let list = [pending, accepted];
    const { calls } = fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer') };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'GET' && call.url === '/job/7/certifier-invitations') return { status: 200, body: list };
      if (call.method === 'DELETE' && call.url === `/job/7/certifier-invitations/${pending.invitation_id}`) {
        list = [{ ...pending, status: 'revoked' }, accepted];
        return { status: 204, body: '' };
      }
      return undefined;
    });
    show();
    const sent = await screen.findByRole('list', { name: 'Invitations sent' });
    expect(within(sent).getByText(/surveyor@example\.com, sent Dec 1, 2026: waiting, the link works until Dec 8, 2026\./)).toBeInTheDocument();
    expect(within(sent).getByText(/architect@example\.com, sent Dec 1, 2026: accepted\./)).toBeInTheDocument();
    // Only a link that still works can be withdrawn.
    expect(within(sent).getAllByRole('button')).toHaveLength(1);
    await userEvent.click(within(sent).getByRole('button', { name: 'Withdraw the invitation to surveyor@example.com' }));
    expect(await within(sent).findByText(/surveyor@example\.com, sent Dec 1, 2026: withdrawn: its link no longer works\./)).toBeInTheDocument();
    expect(within(sent).queryByRole('button')).not.toBeInTheDocument();
    const deletes = calls.filter((c) => c.method === 'DELETE');
    expect(deletes.map((c) => c.url)).toEqual([`/job/7/certifier-invitations/${pending.invitation_id}`]);
    expect(deletes[0]!.idempotencyKey).toEqual(expect.any(String));
  });

  it('offers the seller no invitation', async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company') };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'GET' && call.url === '/job/7/certifier-invitations') return { status: 200, body: [] };
      return undefined;
    });
    show();
    await screen.findByRole('table', { name: 'Schedule of values' });
    expect(screen.queryByRole('region', { name: 'Invite a certifier' })).not.toBeInTheDocument();
  });
});
