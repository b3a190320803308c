import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { AccountSecurityView } from '../components/AccountSecurityView';
import { NO_FACTOR_YET } from '../components/FactorsSection';
import { RECOVERY_CODES_TITLE } from '../components/RecoveryCodes';

const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

function server() {
  const state = { totp: false };
  const { calls } = fakeApi((call) => {
    if (call.url === '/account/security')
      return {
        status: 200,
        body: {
          totp: { enrolled: state.totp, enrolled_at: state.totp ? '2026-11-26T04:00:00Z' : null },
          passkeys: [],
          recovery_codes_left: state.totp ? 10 : 0,
          stepped_up_until: null,
          email: 'new@x.co',
          email_verified: false,
        },
      };
    if (call.url === '/account/totp/setup')
      return { status: 200, body: { secret: 'ABCDEFGHIJKLMNOP', otpauth_url: 'otpauth://totp/x', qr_data_url: 'data:image/png;base64,iVBORw0KGgo=' } };
    if (call.url === '/account/totp') {
      state.totp = true;
      return { status: 200, body: { recovery_codes: CODES } };
    }
    if (call.url === '/account/sessions' && call.method === 'GET')
      return {
        status: 200,
        body: [
          {
            session_id: 's1',
            current: true,
            browser: 'Chrome on Linux',
            ip: '127.0.0.1',
            created_at: '2026-11-26T04:00:00Z',
            last_seen_at: '2026-11-26T04:10:00Z',
          },
          {
            session_id: 's2',
            current: false,
            browser: 'Safari on iPhone',
            ip: '10.0.0.9',
            created_at: '2026-11-20T04:00:00Z',
            last_seen_at: '2026-11-21T04:10:00Z',
          },
        ],
      };
    if (call.url === '/account/sessions' && call.method === 'DELETE') return { status: 200, body: { ended: 1 } };
    if (call.url === '/account/security-log')
      return {
        status: 200,
        body: {
          entries: [{ at: '2026-11-26T04:00:00Z', kind: 'login', detail: null, ip: '127.0.0.1', browser: 'Chrome on Linux', actor_name: 'New Buyer' }],
          page: 1,
          pages: 1,
        },
      };
    if (call.url === '/user') return { status: 200, body: {} };
    return undefined;
  });
  return { calls, state };
}

describe('the account security page (issue 25)', () => {
  it('enrols an authenticator app: QR and key, the code, then the recovery codes once', async () => {
    const { calls } = server();
    renderScreen(<AccountSecurityView />);
    expect(await screen.findByText(NO_FACTOR_YET)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Set up an authenticator app' }));
    expect(await screen.findByTestId('totp-secret')).toHaveTextContent('ABCD EFGH IJKL MNOP');
    await userEvent.type(screen.getByLabelText('Authentication code'), '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const codes = await screen.findByTestId('recovery-codes');
    expect(within(codes).getByRole('heading', { name: RECOVERY_CODES_TITLE })).toBeInTheDocument();
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(CODES);
    expect(calls.find((c) => c.url === '/account/totp')?.data).toEqual({ code: '123456' });
    await userEvent.click(within(codes).getByRole('button', { name: 'I saved them' }));
    await waitFor(() => expect(screen.queryByTestId('recovery-codes')).not.toBeInTheDocument());
    expect(await screen.findByRole('button', { name: 'Remove authenticator app' })).toBeInTheDocument();
    expect(screen.getByTestId('recovery-codes-left')).toHaveTextContent('10 recovery codes left.');
  });

  it('lists the sessions with this browser marked, ends the others, and shows the log and the unverified email', async () => {
    const { calls } = server();
    renderScreen(<AccountSecurityView />);
    const sessions = await screen.findByRole('table', { name: 'Active sessions' });
    expect(within(sessions).getByText('This browser')).toBeInTheDocument();
    expect(within(sessions).getAllByRole('button', { name: /^End/ })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'End all other sessions' }));
    await userEvent.click(await screen.findByRole('button', { name: 'End them' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/account/sessions')).toBe(true));
    expect(await screen.findByRole('table', { name: 'Security log' })).toHaveTextContent('Login');
    expect(screen.getByText('Not verified yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send the link again' })).toBeInTheDocument();
  });
});
