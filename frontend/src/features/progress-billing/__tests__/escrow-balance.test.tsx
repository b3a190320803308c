import type { EscrowBalanceView } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { afterEach, describe, expect, it } from 'vitest';

import { setStepUpHandler } from '../../../lib/step-up';
import { fakeApi, renderScreen } from '../../../test/render';
import { BillingPanel } from '../components/BillingPanel';
import { scheduleView, SELLER } from './fixtures';

const BUYER_WORDS = 'Deposit $20,000.00 by 2026-12-10: pay application 1 waits for cleared funds.';
const SELLER_WORDS = 'The escrow balance is $20,000.00 short of pay application 1; the buyer is asked to deposit it by 2026-12-10.';

const escrow = (message: string): EscrowBalanceView => ({
  pending: '5000.00',
  clearing: '0.00',
  cleared: '2000.00',
  retainage_held: '1500.00',
  awaiting_payout: '0.00',
  paid_out: '13500.00',
  awaiting_refund: '0.00',
  refunded: '0.00',
  held: '3500.00',
  returns: { returned: '0.00', returnable: '0.00', returnable_at_once: '0.00', needs_seller: '0.00', list: [] },
  deposits: [
    {
      deposit_id: 1,
      amount: '17000.00',
      fee: '382.50',
      total: '17382.50',
      status: 'settled',
      requested_at: '2026-11-02T10:00:00Z',
      clears_at: '2026-11-12T10:00:00Z',
      cleared: true,
      bank_account_last4: '6789',
      failure_reason: null,
    },
    {
      deposit_id: 2,
      amount: '5000.00',
      fee: '112.50',
      total: '5112.50',
      status: 'pending',
      requested_at: '2026-12-01T10:00:00Z',
      clears_at: null,
      cleared: false,
      bank_account_last4: '6789',
      failure_reason: null,
    },
  ],
  shortfall: { code: 'deposit_needed', amount: '20000.00', deposit_by: '2026-12-10', application_number: 1, message },
});

const account = {
  bank_account_id: 1,
  purpose: 'deposit',
  holder_name: 'Jordan Buyer',
  bank_name: 'Desert Bank',
  last4: '6789',
  job_id: 7,
  created_at: '2026-11-01T10:00:00Z',
};

const STEP_UP = { message: "Confirm it's you: enter a code from your authenticator app or use your passkey.", code: 'step_up_required', enrolled: true };

let removeHandler: (() => void) | null = null;
afterEach(() => {
  removeHandler?.();
  removeHandler = null;
});

const show = () =>
  renderScreen(
    <App>
      <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
    </App>,
  );

describe('the escrow balance on the Billing tab (issue 38)', () => {
  it('shows the seller the balance, the deposits and the shortfall in its words, and no deposit', async () => {
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { escrow: escrow(SELLER_WORDS) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Escrow balance' });
    expect(within(section).getByText(SELLER_WORDS)).toBeInTheDocument();
    const figures = within(section).getByRole('list', { name: 'Escrow figures' });
    expect(figures).toHaveTextContent('Pending$5,000.00');
    expect(figures).toHaveTextContent('Cleared$2,000.00');
    expect(figures).toHaveTextContent('Retainage held$1,500.00');
    expect(figures).toHaveTextContent('Paid out$13,500.00');
    expect(figures).toHaveTextContent('Held in escrow$3,500.00');
    const deposits = within(section).getByRole('table', { name: 'Deposits' });
    expect(within(deposits).getByText('Cleared')).toBeInTheDocument();
    expect(within(deposits).getByText('Pending')).toBeInTheDocument();
    expect(within(deposits).getByText('$17,382.50')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Deposit/ })).not.toBeInTheDocument();
  });

  it('accounts for retainage a dispute refunded to the buyer, waiting or paid, and says nothing of refunds when there are none', async () => {
    const refunding = { ...escrow(SELLER_WORDS), retainage_held: '0.00', awaiting_refund: '1500.00', held: '3500.00' };
    const refunded = { ...refunding, awaiting_refund: '0.00', refunded: '1500.00', held: '2000.00' };
    let now: EscrowBalanceView = escrow(SELLER_WORDS);
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { escrow: now }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      return undefined;
    });
    const { unmount } = show();
    let figures = await screen.findByRole('list', { name: 'Escrow figures' });
    expect(figures).not.toHaveTextContent(/refund/i);
    unmount();
    now = refunding;
    const again = show();
    figures = await screen.findByRole('list', { name: 'Escrow figures' });
    expect(figures).toHaveTextContent('Awaiting refund to the buyer$1,500.00');
    expect(figures).not.toHaveTextContent('Refunded to the buyer');
    again.unmount();
    now = refunded;
    show();
    figures = await screen.findByRole('list', { name: 'Escrow figures' });
    expect(figures).toHaveTextContent('Refunded to the buyer$1,500.00');
    expect(figures).not.toHaveTextContent('Awaiting refund');
  });

  it('offers the buyer a deposit of the shortfall, and posts it once with one key through a step-up', async () => {
    const posts: { amount: unknown; key: string | null }[] = [];
    let steppedUp = false;
    removeHandler = setStepUpHandler(async () => {
      steppedUp = true;
    });
    fakeApi((call) => {
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('customer', { escrow: escrow(BUYER_WORDS) }) };
      if (call.url === '/job/7/pay-applications') return { status: 200, body: [] };
      if (call.url === '/bank-accounts') return { status: 200, body: { deposit_accounts: [account], payout_account: null } };
      if (call.url === '/payments/policy')
        return { status: 200, body: { ach_settle_business_days: 5, return_window: { unit: 'business-days', days: 5 }, return_window_text: '5 business days' } };
      if (call.method === 'POST' && call.url === '/job/7/billing/deposits') {
        posts.push({ amount: (call.data as { amount: unknown }).amount, key: call.idempotencyKey ?? null });
        if (!steppedUp) return { status: 401, body: STEP_UP };
        return { status: 201, body: { ...escrow(BUYER_WORDS).deposits[1], deposit_id: 3, amount: '20000.00', fee: '450.00', total: '20450.00' } };
      }
      return undefined;
    });
    show();
    const section = await screen.findByRole('region', { name: 'Escrow balance' });
    expect(within(section).getByText(BUYER_WORDS)).toBeInTheDocument();
    expect(within(section).getByText('Deposit needed for pay application 1')).toBeInTheDocument();
    const amount = within(section).getByLabelText('Amount to deposit');
    expect(amount).toHaveValue('20000.00');
    // The fee rule, as the milestone deposit says it: 2.25% on top here.
    expect(section).toHaveTextContent('Escrow fee (2.25%) $450.00 on top: $20,450.00 drawn from your account.');
    await userEvent.click(within(section).getByRole('button', { name: 'Deposit $20,000.00' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your deposit' });
    await within(dialog).findByText(/Account ending in 6789 \(Jordan Buyer, Desert Bank\)/);
    expect(dialog).toHaveTextContent('Into escrow$20,000.00');
    expect(dialog).toHaveTextContent('Escrow fee (2.25%)$450.00, on top of the amount');
    expect(posts).toEqual([]);
    const confirm = within(dialog).getByRole('button', { name: 'Confirm deposit of $20,450.00' });
    await userEvent.dblClick(confirm);
    await waitFor(() => expect(posts).toHaveLength(2));
    expect(await screen.findByText('Deposit started. ACH deposits can take up to 5 business days.')).toBeInTheDocument();
    // The refused request and its re-send after the step-up: one deposit, one key, the second click nothing.
    expect(posts).toHaveLength(2);
    expect(posts[0]).toEqual({ amount: '20000.00', key: expect.any(String) });
    expect(posts[1]).toEqual(posts[0]);
  });
});
