import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { CODE_FORMAT, ENTER_CODE, ENTER_RECOVERY_CODE, PASSKEY_UNSUPPORTED } from '../../../components/second-factor';
import { fakeApi, renderScreen } from '../../../test/render';
import { LoginForm } from '../components/LoginForm';

const seller = {
  user_id: 7,
  first_name: 'S',
  last_name: 'T',
  email: 's@x.co',
  display_name: 'S T',
  company: { company_id: 3, name: 'X', primary_company_name: 'X' },
  permissions: { user: true },
};
const SECOND_STEP = { second_factor_required: true, methods: ['totp', 'passkey', 'recovery'] };

async function password() {
  await userEvent.type(screen.getByLabelText('Email'), 's@x.co');
  await userEvent.type(screen.getByLabelText('Password'), 'secret-password');
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm: the second factor on the same screen (issue 25)', () => {
  it('asks for the authenticator code after the password, shows a wrong code under the field, then signs in', async () => {
    let wrong = true;
    const { calls } = fakeApi((call) => {
      if (call.url === '/auth/login') return { status: 200, body: SECOND_STEP };
      if (call.url === '/auth/login/second-factor')
        return wrong
          ? { status: 401, body: { message: 'That code is not correct or was already used. Enter the newest code.' } }
          : { status: 200, body: seller };
      return undefined;
    });
    const { queryClient } = renderScreen(<LoginForm />);
    await password();
    expect(await screen.findByText(ENTER_CODE)).toBeInTheDocument();
    const code = screen.getByLabelText('Authentication code');
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(queryClient.getQueryData(['auth', 'current-user'])).toBeUndefined();

    await userEvent.type(code, '12');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText(CODE_FORMAT)).toBeInTheDocument();

    await userEvent.clear(code);
    await userEvent.type(code, '123 456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByTestId('login-code-error')).toHaveTextContent('That code is not correct or was already used.');
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);

    wrong = false;
    await userEvent.type(screen.getByLabelText('Authentication code'), '654321');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(calls.filter((c) => c.url === '/auth/login/second-factor').map((c) => c.data)).toEqual([{ code: '123456' }, { code: '654321' }]);
    expect(queryClient.getQueryData(['auth', 'current-user'])).toEqual(seller);
  });

  it('switches the field to a recovery code and sends it as typed', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/auth/login') return { status: 200, body: SECOND_STEP };
      if (call.url === '/auth/login/second-factor') return { status: 200, body: seller };
      return undefined;
    });
    renderScreen(<LoginForm />);
    await password();
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    expect(screen.getByText(ENTER_RECOVERY_CODE)).toBeInTheDocument();
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Recovery code'), ' abcde-12345 ');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(calls.at(-1)).toEqual({ method: 'POST', url: '/auth/login/second-factor', data: { code: 'abcde-12345' } });
  });

  it('offers only the methods the account has', async () => {
    fakeApi((call) => (call.url === '/auth/login' ? { status: 200, body: { second_factor_required: true, methods: ['totp', 'recovery'] } } : undefined));
    renderScreen(<LoginForm />);
    await password();
    expect(await screen.findByLabelText('Authentication code')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Use a recovery code' })).toBeInTheDocument();
  });

  it('an account without a second factor signs in with the password alone, as before', async () => {
    const { calls } = fakeApi((call) => (call.url === '/auth/login' ? { status: 200, body: seller } : undefined));
    renderScreen(<LoginForm />);
    await password();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(calls.map((c) => c.url)).toEqual(['/auth/login']);
  });

  it('says so in words when the browser cannot use a passkey', async () => {
    fakeApi((call) =>
      call.url === '/auth/passkey/options' ? { status: 200, body: { options: { challenge: 'abc', rpId: 'localhost', allowCredentials: [] } } } : undefined,
    );
    renderScreen(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with a passkey' }));
    // jsdom has no WebAuthn: the library refuses, and the form says what to do instead of failing silently.
    expect(await screen.findByRole('alert')).toHaveTextContent(PASSKEY_UNSUPPORTED);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/$/);
  });
});
