import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { AccountSecurityView } from '../components/AccountSecurityView';
import { PasswordSection } from '../components/EmailPasswordSection';
import { FactorAlertOutcome } from '../components/FactorAlertOutcome';
import { RECENT_FACTORS_TITLE } from '../components/RecentFactorsReview';

const UNDONE = 'The passkey "Laptop" was removed and every session of your account has ended.';
const RECENT = [{ kind: 'passkey', passkey_id: 7, name: 'Laptop', added_at: '2026-11-26T04:00:00Z' }];

describe('"this wasn\'t me" and the factors added lately (issue 35)', () => {
  it('the link of the mail says what was added and changes nothing until the button is pressed', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/auth/factor-alerts/abc')
        return { status: 200, body: { kind: 'passkey', name: 'Laptop', added_at: '2026-11-26T04:00:00Z', still_there: true } };
      if (call.url === '/auth/factor-alerts/undo') return { status: 200, body: { message: UNDONE } };
      if (call.url === '/user') return { status: 200, body: {} };
      return undefined;
    });
    renderScreen(<FactorAlertOutcome code="abc" />);
    expect(await screen.findByText(/A passkey named "Laptop" was added to your Escrow Ledger account/)).toBeInTheDocument();
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
    await userEvent.click(screen.getByRole('button', { name: "It wasn't me: remove it and sign out everywhere" }));
    expect(await screen.findByText(UNDONE)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST').map((c) => [c.url, c.data])).toEqual([['/auth/factor-alerts/undo', { code: 'abc' }]]);
  });

  it('a used or old link says so and offers the password reset', async () => {
    fakeApi(() => ({ status: 404, body: { message: 'Link invalid.' } }));
    renderScreen(<FactorAlertOutcome code="old" />);
    expect(await screen.findByText('Link invalid.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Reset your password' })).toHaveAttribute('href', '/password/forgot');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('a password change lists the second factors added in the last 30 days, each with Remove', async () => {
    const state = { factors: RECENT };
    const { calls } = fakeApi((call) => {
      if (call.url === '/account/password') return { status: 200, body: { message: 'Your password was changed.', recent_factors: state.factors } };
      if (call.url === '/account/recent-factors') return { status: 200, body: { factors: state.factors } };
      if (call.url === '/account/passkeys/7') {
        state.factors = [];
        return { status: 200, body: { message: 'Removed.' } };
      }
      return undefined;
    });
    renderScreen(<PasswordSection />);
    expect(screen.queryByText(RECENT_FACTORS_TITLE)).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Current password'), 'old-password-1');
    await userEvent.type(screen.getByLabelText('New password'), 'new-password-12');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'new-password-12');
    await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
    const review = await screen.findByTestId('recent-factors');
    expect(within(review).getByRole('heading', { name: RECENT_FACTORS_TITLE })).toBeInTheDocument();
    await userEvent.click(await within(review).findByRole('button', { name: 'Remove passkey "Laptop"' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/account/passkeys/7')).toBe(true));
    expect(await within(review).findByText(/no second factor was added to your account in the last 30 days/)).toBeInTheDocument();
  });

  it('the security page opened after a reset shows the review first', async () => {
    fakeApi((call) => {
      if (call.url === '/account/security')
        return {
          status: 200,
          body: {
            totp: { enrolled: true, enrolled_at: null },
            passkeys: [],
            recovery_codes_left: 10,
            stepped_up_until: null,
            email: 'a@x.co',
            email_verified: true,
          },
        };
      if (call.url === '/account/recent-factors') return { status: 200, body: { factors: RECENT } };
      if (call.url === '/account/sessions') return { status: 200, body: [] };
      if (call.url === '/account/security-log') return { status: 200, body: { entries: [], page: 1, pages: 1 } };
      return undefined;
    });
    renderScreen(<AccountSecurityView />, { path: '/portal/account/security?review=recent-factors' });
    const review = await screen.findByTestId('recent-factors');
    expect(await within(review).findByRole('button', { name: 'Remove passkey "Laptop"' })).toBeInTheDocument();
  });
});
