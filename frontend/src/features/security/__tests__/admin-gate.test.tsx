import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { api } from '../../../lib/api-client';
import { fakeApi, renderScreen } from '../../../test/render';
import { AdminFactorGate, CONSOLE_CLOSED } from '../components/AdminFactorGate';

const admin = (secondFactor: boolean) => ({
  user_id: 1,
  first_name: 'A',
  last_name: 'D',
  email: 'a@d.co',
  display_name: 'A D',
  role: 'admin',
  company: null,
  permissions: { user: true },
  security: {
    second_factor: secondFactor,
    totp: secondFactor,
    passkeys: 0,
    recovery_codes_left: secondFactor ? 10 : 0,
    stepped_up_until: null,
    email_verified: true,
  },
});

describe('the administrator console is closed until a second factor is set up (issue 25)', () => {
  it('shows the enrolment instead of the console, and opens once the app is set up', async () => {
    const state = { enrolled: false };
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: admin(state.enrolled) };
      if (call.url === '/account/totp/setup')
        return { status: 200, body: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://x', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' } };
      if (call.url === '/account/totp') {
        state.enrolled = true;
        return { status: 200, body: { recovery_codes: ['aaaaa-bbbbb'] } };
      }
      return undefined;
    });
    renderScreen(
      <AdminFactorGate>
        <h1>Dashboard</h1>
      </AdminFactorGate>,
    );
    expect(await screen.findByRole('heading', { name: CONSOLE_CLOSED })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Dashboard' })).not.toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Set up an authenticator app' }));
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    await userEvent.click(await screen.findByRole('button', { name: 'I saved them' }));
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it('closes when an admin API answers 403 second_factor_required', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: { ...admin(true), security: undefined } };
      if (call.url === '/admin/dashboard')
        return {
          status: 403,
          body: { message: 'Set up a second factor (an authenticator app or a passkey) before you do this.', code: 'second_factor_required' },
        };
      return undefined;
    });
    renderScreen(
      <AdminFactorGate>
        <h1>Dashboard</h1>
      </AdminFactorGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    await api.get('/admin/dashboard').catch(() => undefined);
    await waitFor(() => expect(screen.getByRole('heading', { name: CONSOLE_CLOSED })).toBeInTheDocument());
  });
});
