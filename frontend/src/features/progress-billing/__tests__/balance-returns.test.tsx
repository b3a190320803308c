import type { BalanceReturnsView, EscrowBalanceView } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { BillingPanel } from '../components/BillingPanel';
import { scheduleView, SELLER } from './fixtures';

const returns = (patch: Partial<BalanceReturnsView> = {}): BalanceReturnsView => ({
  returned: '1000.00',
  returnable: '12000.00',
  returnable_at_once: '2000.00',
  needs_seller: '10000.00',
  list: [
    {
      return_id: 1,
      amount: '1000.00',
      status: 'paid',
      needs_seller: false,
      requested_by: 10,
      requested_at: '2026-11-20T10:00:00Z',
      decided_by: null,
      decided_at: null,
      decline_reason: null,
      paid_at: '2026-11-21T10:00:00Z',
    },
  ],
  ...patch,
});

const escrow = (r: BalanceReturnsView): EscrowBalanceView => ({
  pending: '0.00',
  clearing: '0.00',
  cleared: '12000.00',
  retainage_held: '0.00',
  awaiting_payout: '0.00',
  paid_out: '0.00',
  awaiting_refund: '0.00',
  refunded: '0.00',
  held: '12000.00',
  deposits: [],
  shortfall: null,
  returns: r,
});

const waiting = {
  return_id: 2,
  amount: '5000.00',
  status: 'awaiting_seller' as const,
  needs_seller: true,
  requested_by: 10,
  requested_at: '2026-11-22T10:00:00Z',
  decided_by: null,
  decided_at: null,
  decline_reason: null,
  paid_at: null,
};

const show = () =>
  renderScreen(
    <App>
      <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
    </App>,
  );

describe('unused escrow funds on the Billing tab (issue 38)', () => {
  it('tells the buyer what goes back at once, what needs the seller, and posts the amount once with a key', async () => {
    const posts: { amount: unknown; key: string | null }[] = [];
    fakeApi((call) => {
      if (call.url === '/job/7/schedule' && call.method === 'GET') return { status: 200, body: scheduleView('customer', { escrow: escrow(returns()) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/bank-accounts') return { status: 200, body: { deposit_accounts: [], payout_account: null } };
      if (call.url === '/payments/policy')
        return { status: 200, body: { ach_settle_business_days: 5, return_window: { unit: 'business-days', days: 5 }, return_window_text: '5 business days' } };
      if (call.method === 'POST' && call.url === '/job/7/billing/balance-returns') {
        posts.push({ amount: (call.data as { amount: unknown }).amount, key: call.idempotencyKey ?? null });
        return { status: 201, body: scheduleView('customer', { escrow: escrow(returns({ returned: '3000.00', returnable_at_once: '0.00' })) }) };
      }
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Unused funds' });
    expect(section).toHaveTextContent('Returned to the buyer so far: $1,000.00. $2,000.00 of the escrow balance can go back at once');
    expect(within(section).getByRole('table', { name: 'Returns of unused funds' })).toHaveTextContent('Returned');
    const form = within(section).getByRole('form', { name: 'Return unused funds' });
    const amount = within(form).getByLabelText('Amount to get back');
    await userEvent.type(amount, '2500.00');
    expect(form).toHaveTextContent('More than $2,000.00: returned only if the seller approves.');
    await userEvent.clear(amount);
    await userEvent.type(amount, '2000');
    expect(form).toHaveTextContent('Up to $2,000.00 is returned at once.');
    await userEvent.click(within(form).getByRole('button', { name: 'Return unused funds' }));
    // Nothing leaves escrow before the buyer has seen what leaves and when.
    const dialog = await screen.findByRole('dialog', { name: 'Get $2,000.00 back from escrow?' });
    expect(dialog).toHaveTextContent('At once, as a refund: the rest of the contract does not need it.');
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Return $2,000.00' }));
    await waitFor(() => expect(posts).toEqual([{ amount: '2000.00', key: expect.any(String) }]));
    expect(await screen.findByText('Returned: the funds are on their way to your bank account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve the return' })).not.toBeInTheDocument();
  });

  it('asks the seller to approve or decline a return beyond the surplus, and the buyer waits', async () => {
    const posts: string[] = [];
    let now = returns({ list: [...returns().list, waiting] });
    fakeApi((call) => {
      if (call.url === '/job/7/schedule' && call.method === 'GET') return { status: 200, body: scheduleView('company', { escrow: escrow(now) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url.startsWith('/job/7/billing/balance-returns/')) {
        posts.push(call.url);
        now = returns({ list: [returns().list[0]!, { ...waiting, status: 'declined' as const }] });
        return { status: 200, body: scheduleView('company', { escrow: escrow(now) }) };
      }
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Unused funds' });
    expect(within(section).getByText('The buyer asks for $5,000.00 back')).toBeInTheDocument();
    expect(within(section).queryByRole('form', { name: 'Return unused funds' })).not.toBeInTheDocument();
    expect(within(section).getByRole('table', { name: 'Returns of unused funds' })).toHaveTextContent('Waiting for the seller');
    await userEvent.click(within(section).getByRole('button', { name: 'Decline' }));
    await waitFor(() => expect(posts).toEqual(['/job/7/billing/balance-returns/2/decline']));
    expect(await within(section).findByText('Declined')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Approve the return' })).not.toBeInTheDocument();
  });

  it('says before asking that a return beyond the surplus waits for the seller, and sends nothing when cancelled', async () => {
    const posts: unknown[] = [];
    fakeApi((call) => {
      if (call.url === '/job/7/schedule' && call.method === 'GET') return { status: 200, body: scheduleView('customer', { escrow: escrow(returns()) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/bank-accounts') return { status: 200, body: { deposit_accounts: [], payout_account: null } };
      if (call.method === 'POST') posts.push(call.url);
      return undefined;
    });
    show();
    const form = await screen.findByRole('form', { name: 'Return unused funds' });
    await userEvent.type(within(form).getByLabelText('Amount to get back'), '2500');
    await userEvent.click(within(form).getByRole('button', { name: 'Return unused funds' }));
    const dialog = await screen.findByRole('dialog', { name: 'Get $2,500.00 back from escrow?' });
    expect(dialog).toHaveTextContent('Only if the seller approves: it is more than the $2,000.00 the rest of the contract leaves unused.');
    expect(within(dialog).getByRole('button', { name: 'Ask the seller' })).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts).toEqual([]);
    // Asked again, the dialog opens again: one confirmation, one request.
    await userEvent.click(within(form).getByRole('button', { name: 'Return unused funds' }));
    expect(await screen.findByRole('dialog', { name: 'Get $2,500.00 back from escrow?' })).toBeInTheDocument();
  });

  it("has the seller confirm an approval, which moves the buyer's money out of escrow", async () => {
    const posts: string[] = [];
    let now = returns({ list: [...returns().list, waiting] });
    fakeApi((call) => {
      if (call.url === '/job/7/schedule' && call.method === 'GET') return { status: 200, body: scheduleView('company', { escrow: escrow(now) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url.startsWith('/job/7/billing/balance-returns/')) {
        posts.push(call.url);
        now = returns({ list: [returns().list[0]!, { ...waiting, status: 'returned' as const }] });
        return { status: 200, body: scheduleView('company', { escrow: escrow(now) }) };
      }
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Unused funds' });
    await userEvent.click(within(section).getByRole('button', { name: 'Approve the return' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return $5,000.00 to the buyer?' });
    expect(dialog).toHaveTextContent('As soon as you approve: it leaves escrow as a refund to the buyer.');
    expect(posts).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Approve the return' }));
    await waitFor(() => expect(posts).toEqual(['/job/7/billing/balance-returns/2/approve']));
    expect(await within(section).findByText('On its way to the buyer')).toBeInTheDocument();
  });

  it('keeps the buyer from asking while a return waits for the seller', async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { escrow: escrow(returns({ list: [waiting] })) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/bank-accounts') return { status: 200, body: { deposit_accounts: [], payout_account: null } };
      return undefined;
    });
    show();
    const form = await screen.findByRole('form', { name: 'Return unused funds' });
    expect(form).toHaveTextContent('A return waits for the seller');
    await userEvent.type(within(form).getByLabelText('Amount to get back'), '10');
    expect(within(form).getByRole('button', { name: 'Return unused funds' })).toBeDisabled();
  });
});
