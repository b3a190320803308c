import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { EMAIL_SENT, FORGOT_FAILED, ForgotPasswordForm } from '../components/ForgotPasswordForm';
import { LINK_INVALID, ResetPasswordForm } from '../components/ResetPasswordForm';

describe('ForgotPasswordForm (docs/product.md#forgot-password)', () => {
  it('needs an email of email type', async () => {
    const { calls } = fakeApi(() => undefined);
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("ignores a second submit while the first is pending, then says 'Email Sent.'", async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: { message: 'Email Sent.' }, delayMs: 150 }));
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    const button = screen.getByRole('button', { name: 'Send reset link' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(await screen.findByText(EMAIL_SENT)).toBeInTheDocument();
    expect(calls.filter((c) => c.url === '/user/password/forgot')).toHaveLength(1);
  });

  it('shows the failure text when no account has that email (the code account_not_found)', async () => {
    fakeApi(() => ({ status: 404, body: { statusCode: 404, code: 'account_not_found', message: 'nope', request_id: 'r-1' } }));
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'ghost@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(FORGOT_FAILED)).toBeInTheDocument();
  });

  it('shows the message of another 404, whose code is not about the account', async () => {
    fakeApi(() => ({ status: 404, body: { statusCode: 404, code: 'route_not_found', message: 'Cannot POST /api/user/password/forgot', request_id: 'r-2' } }));
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText('Cannot POST /api/user/password/forgot')).toBeInTheDocument();
    expect(screen.queryByText(FORGOT_FAILED)).not.toBeInTheDocument();
  });

  it("shows a 429's own message, not that the account does not exist", async () => {
    const limited = 'Too many reset requests for this email. Try again in 41 minutes.';
    fakeApi(() => ({ status: 429, body: { statusCode: 429, code: 'too_many_attempts', message: limited, request_id: 'r-3' } }));
    renderScreen(<ForgotPasswordForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'me@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(limited)).toBeInTheDocument();
    expect(screen.queryByText(FORGOT_FAILED)).not.toBeInTheDocument();
  });
});

/** The path and query the screen navigated to (the shared probe shows the path only). */
function Where() {
  const location = useLocation();
  return <div data-testid="where">{location.pathname + location.search}</div>;
}

describe('ResetPasswordForm (docs/product.md#password-reset)', () => {
  it("says 'Link invalid.' when the code names nobody", async () => {
    fakeApi(() => ({ status: 404, body: { message: 'Link invalid.' } }));
    renderScreen(<ResetPasswordForm code="expired" />);
    expect(await screen.findByText(LINK_INVALID)).toBeInTheDocument();
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();
  });

  it('resets, logs in with the new password, deletes the code and goes to the portal', async () => {
    const owner = { user_id: 7, first_name: 'Kim', last_name: 'L', email: 'kim@example.com' };
    const { calls } = fakeApi((call) => {
      if (call.url === '/auth/customer/good-code') return { status: 200, body: owner };
      if (call.url === '/user/password/reset') return { status: 200, body: { user_id: 7, email: owner.email, recent_factors: [] } };
      if (call.url === '/auth/login')
        return { status: 200, body: { ...owner, display_name: 'Kim L', phone: null, company: null, permissions: { user: true } } };
      if (call.url === '/customer/code/7') return { status: 200, body: { removed: 1 } };
      return undefined;
    });
    renderScreen(<ResetPasswordForm code="good-code" />);
    await userEvent.type(await screen.findByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([
      'GET /auth/customer/good-code',
      'PUT /user/password/reset',
      'POST /auth/login',
      'DELETE /customer/code/7',
    ]);
    expect(calls[2]!.data).toEqual({ email: 'kim@example.com', password: 'a-new-password' });
  });

  it('with second factors added in the last 30 days, leads the login to the security page that lists them (issue 35)', async () => {
    const owner = { user_id: 8, first_name: 'Lee', last_name: 'M', email: 'lee@example.com' };
    const recent = [{ kind: 'passkey', passkey_id: 3, name: 'Unknown key', added_at: '2026-11-26T04:00:00Z' }];
    fakeApi((call) => {
      if (call.url === '/auth/customer/code-8') return { status: 200, body: owner };
      if (call.url === '/user/password/reset') return { status: 200, body: { user_id: 8, email: owner.email, recent_factors: recent } };
      if (call.url === '/auth/login') return { status: 200, body: { second_factor_required: true, methods: ['totp', 'passkey'] } };
      return undefined;
    });
    renderScreen(
      <>
        <ResetPasswordForm code="code-8" />
        <Where />
      </>,
    );
    await userEvent.type(await screen.findByLabelText('New password'), 'a-new-password');
    await userEvent.type(screen.getByLabelText('Repeat the new password'), 'a-new-password');
    await userEvent.click(screen.getByRole('button', { name: 'Save the new password' }));
    await waitFor(() => expect(screen.getByTestId('where')).toHaveTextContent('/login?next=%2Fportal%2Faccount%2Fsecurity%3Freview%3Drecent-factors'));
  });
});
