import type { CompanyRole } from '@escrow/domain';
import { screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { PayoutAccountSettings } from '../components/PayoutAccountSettings';

const member = (company_role: CompanyRole) => ({
  user_id: 5,
  first_name: 'Pat',
  last_name: 'Member',
  phone: null,
  email: 'pat@saguaro.test',
  display_name: 'Pat Member',
  company: { company_id: 100, name: 'Saguaro Build Co.', primary_company_name: 'Saguaro Build Co.' },
  permissions: { user: true },
  company_role,
  signing_policy: 'owner_only',
});

const accounts = {
  payout_account: null,
  payout_change: null,
  payout_accounts: [
    {
      bank_account_id: 41,
      purpose: 'payout',
      holder_name: 'Saguaro Build Co.',
      bank_name: null,
      last4: '6789',
      masked: '••••6789',
      status: 'verified',
      verification_tries_left: 3,
      job_id: null,
      created_at: '2026-11-26T10:00:00Z',
      is_payout_account: false,
    },
  ],
  deposit_accounts: [],
};

function page(role: CompanyRole) {
  const api = fakeApi((call) => {
    if (call.url === '/user') return { status: 200, body: member(role) };
    if (call.url === '/bank-accounts') return { status: 200, body: accounts };
    return undefined;
  });
  renderScreen(
    <App>
      <PayoutAccountSettings />
    </App>,
  );
  return api;
}

describe('the payout account page by company role (issue 37)', () => {
  it.each(['owner', 'finance'] as const)('offers %s members every change', async (role) => {
    page(role);
    expect(await screen.findByRole('button', { name: 'Use for payouts: ••••6789' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove ••••6789' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Link account' })).toBeInTheDocument();
    expect(screen.queryByText(/^Only the company's/)).toBeNull();
  });

  it.each(['project_manager', 'viewer'] as const)('shows a %s member why there is nothing to change, and asks for no accounts', async (role) => {
    const { calls } = page(role);
    expect(
      await screen.findByText("Only the company's owner and finance members can see the company's bank accounts and payment reports."),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Link account' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Use for payouts|Remove/ })).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.url === '/user')).toBe(true));
    expect(calls.some((c) => c.url === '/bank-accounts')).toBe(false);
  });
});
