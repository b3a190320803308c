import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';

import type { BankAccount, PayoutChange } from '../../../api/bank-accounts';
import { fakeApi, renderScreen } from '../../../test/render';
import { ConfirmDepositsForm } from '../components/ConfirmDepositsForm';
import { PayoutAccounts } from '../components/PayoutAccounts';
import { CHANGE_CONFIRMED, CHANGE_UNDONE, PayoutChangeBanner } from '../components/PayoutChangeBanner';
import { AMOUNT_FORMAT, AMOUNT_UNDER_A_DOLLAR, browserName, changeTime, LOCKED_TEXT } from '../components/texts';

const account = (over: Partial<BankAccount> = {}): BankAccount => ({
  bank_account_id: 41,
  purpose: 'payout',
  holder_name: 'Saguaro Builders LLC',
  bank_name: 'Desert Bank',
  last4: '6789',
  masked: '••••6789',
  status: 'pending_verification',
  verification_tries_left: 3,
  job_id: null,
  created_at: '2026-11-26T10:00:00Z',
  is_payout_account: false,
  ...over,
});

const change = (over: Partial<PayoutChange> = {}): PayoutChange => ({
  changed_at: '2026-11-26T10:14:00Z',
  changed_by_name: 'Sam Seller',
  browser: 'Chrome on Linux',
  ip: '203.0.113.7',
  from: account({ bank_account_id: 40, last4: '1111', masked: '••••1111', status: 'verified' }),
  to: account({ status: 'verified', is_payout_account: true }),
  hold_until: '2026-12-01T10:14:00Z',
  can_confirm: true,
  can_undo: true,
  ...over,
});

const inApp = (node: ReactNode) => renderScreen(<App>{node}</App>);

describe('confirming the two micro-deposits', () => {
  it('checks both amounts before sending: required, dollars and cents, under $1.00', async () => {
    const { calls } = fakeApi(() => undefined);
    inApp(<ConfirmDepositsForm account={account()} />);
    expect(screen.getByText('We sent two deposits under $1.00 to ••••6789. Enter both amounts.')).toBeInTheDocument();
    expect(screen.getByText('3 tries left.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm deposits' }));
    expect(await screen.findAllByText('Enter the amount of this deposit.')).toHaveLength(2);
    await userEvent.type(screen.getByLabelText('First deposit'), '1.20');
    await userEvent.type(screen.getByLabelText('Second deposit'), '4x');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm deposits' }));
    expect(await screen.findByText(AMOUNT_UNDER_A_DOLLAR)).toBeInTheDocument();
    expect(screen.getByText(AMOUNT_FORMAT)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('sends the amounts as dollars and cents, and shows the API refusal with the tries left', async () => {
    const { calls } = fakeApi((call) =>
      call.method === 'POST' && call.url === '/bank-accounts/41/verify'
        ? { status: 400, body: { message: 'Those amounts do not match the two deposits. 2 tries left.' } }
        : undefined,
    );
    inApp(<ConfirmDepositsForm account={account()} />);
    await userEvent.type(screen.getByLabelText('First deposit'), '.45');
    await userEvent.type(screen.getByLabelText('Second deposit'), '$0.33');
    await userEvent.click(screen.getByRole('button', { name: 'Confirm deposits' }));
    expect(await screen.findByText('Those amounts do not match the two deposits. 2 tries left.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.data).toEqual({ amounts: ['0.45', '0.33'] });
  });

  it('says one try is left, and a locked account says how to start again with no form', () => {
    fakeApi(() => undefined);
    const { unmount } = inApp(<ConfirmDepositsForm account={account({ verification_tries_left: 1 })} />);
    expect(screen.getByText('1 try left.')).toBeInTheDocument();
    unmount();
    inApp(<ConfirmDepositsForm account={account({ status: 'locked', verification_tries_left: 0 })} />);
    expect(screen.getByText(LOCKED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm deposits' })).not.toBeInTheDocument();
  });
});

describe('choosing the payout account', () => {
  it('tags status and the payout account, offers Use for payouts only on a verified other account, and says who is told', async () => {
    const { calls } = fakeApi((call) =>
      call.method === 'POST' && call.url === '/bank-accounts/42/payout' ? { status: 200, body: { payout_account: null, payout_change: null } } : undefined,
    );
    const current = account({
      bank_account_id: 40,
      last4: '1111',
      masked: '••••1111',
      status: 'verified',
      is_payout_account: true,
      created_at: '2026-11-01T00:00:00Z',
    });
    const next = account({ bank_account_id: 42, status: 'verified' });
    const pending = account({ bank_account_id: 43, last4: '2222', masked: '••••2222', created_at: '2026-11-26T11:00:00Z' });
    const gone = account({ bank_account_id: 44, last4: '3333', masked: '••••3333', status: 'removed' });
    inApp(<PayoutAccounts accounts={[current, next, pending, gone]} companyName="Saguaro Builders" hasPayoutAccount />);
    const items = within(screen.getByRole('list', { name: 'Payout accounts' })).getAllByRole('listitem');
    // Newest first, removed last.
    expect(items.map((li) => li.textContent?.match(/••••\d{4}/)?.[0])).toEqual(['••••2222', '••••6789', '••••1111', '••••3333']);
    expect(within(items[0]!).getByText('Pending verification')).toBeInTheDocument();
    expect(within(items[1]!).getByText('Verified')).toBeInTheDocument();
    expect(within(items[2]!).getByText('Payout account')).toBeInTheDocument();
    expect(within(items[3]!).getByText('Removed')).toBeInTheDocument();
    expect(within(items[3]!).queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: /^Use for payouts/ })).toHaveLength(1);

    await userEvent.click(screen.getByRole('button', { name: 'Use for payouts: ••••6789' }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText(
        'Payouts to Saguaro Builders will go to ••••6789. Every user of your company and our administrators will be emailed; payouts wait until the change is confirmed or for the hold period.',
      ),
    ).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Use for payouts' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'POST' && c.url === '/bank-accounts/42/payout')).toBe(true));
  });
});

describe('the pending payout change banner', () => {
  it('says who changed what, when and from where, and until when payouts wait', () => {
    fakeApi(() => undefined);
    inApp(<PayoutChangeBanner change={change()} />);
    expect(screen.getByRole('region', { name: 'Payout account change' })).toHaveTextContent(
      `Payout account changed on ${changeTime('2026-11-26T10:14:00Z')} by Sam Seller from Chrome on Linux (203.0.113.7): ••••1111 → ••••6789. Payouts wait until ${changeTime('2026-12-01T10:14:00Z')} unless another user of your company confirms.`,
    );
    expect(changeTime('2026-11-26T10:14:00Z')).toMatch(/^Nov 26, 2026, \d\d:14$/);
  });

  it('names the browser of a user agent as a person says it', () => {
    expect(browserName('Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe('Chrome on Linux');
    expect(browserName('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0')).toBe(
      'Edge on Windows',
    );
    expect(
      browserName('Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1'),
    ).toBe('Safari on iOS');
    expect(browserName('Firefox on macOS')).toBe('Firefox on macOS');
    expect(browserName('curl/8.5.0')).toBe('an unknown browser');
    expect(browserName(null)).toBe('an unknown browser');
  });

  it('shows Confirm change only when the user may confirm, Undo change only when they may undo', () => {
    fakeApi(() => undefined);
    const { unmount } = inApp(<PayoutChangeBanner change={change({ can_confirm: false })} />);
    expect(screen.queryByRole('button', { name: 'Confirm change' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Undo change' })).toBeInTheDocument();
    unmount();
    inApp(<PayoutChangeBanner change={change({ can_undo: false })} />);
    expect(screen.getByRole('button', { name: 'Confirm change' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Undo change' })).not.toBeInTheDocument();
  });

  it("confirms through the user's route and says so; an administrator undoes through the company's", async () => {
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 200, body: { payout_account: null, payout_change: null } } : undefined));
    const { unmount } = inApp(<PayoutChangeBanner change={change()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText(CHANGE_CONFIRMED)).toBeInTheDocument();
    unmount();
    inApp(<PayoutChangeBanner change={change()} companyId={100} />);
    expect(screen.getByRole('region', { name: 'Payout account change' })).toHaveTextContent('unless a user of the company or an administrator confirms.');
    await userEvent.click(screen.getByRole('button', { name: 'Undo change' }));
    expect(await screen.findByText(CHANGE_UNDONE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/bank-accounts/payout-change/confirm',
      '/admin/companies/100/payout-change/undo',
    ]);
  });

  it('shows the refusal of a confirmation by the user who made the change', async () => {
    fakeApi((call) =>
      call.method === 'POST'
        ? { status: 403, body: { message: 'Another user of your company or an administrator must confirm a change you made.' } }
        : undefined,
    );
    inApp(<PayoutChangeBanner change={change()} />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm change' }));
    expect(await screen.findByText('Another user of your company or an administrator must confirm a change you made.')).toBeInTheDocument();
  });
});
