import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { LoginForm } from '../components/LoginForm';

const admin = { user_id: 1, first_name: 'A', last_name: 'B', email: 'a@b.co', display_name: 'A B', role: 'admin', company: null, permissions: { user: true } };
const seller = { ...admin, role: undefined, company: { company_id: 3, name: 'X', primary_company_name: 'X' } };

async function fill(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

describe('LoginForm (docs/product.md#logging-in)', () => {
  it('shows validation feedback without sending when a field is empty', async () => {
    const { calls } = fakeApi(() => undefined);
    renderScreen(<LoginForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('sends the email without spaces and in lower case, then routes an admin to /admin', async () => {
    const { calls } = fakeApi((call) => (call.url === '/auth/login' ? { status: 200, body: admin } : undefined));
    renderScreen(<LoginForm />);
    await fill('  Jane.Doe @Example.COM', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/admin'));
    expect(calls[0]!.data).toEqual({ email: 'jane.doe@example.com', password: 'secret-password' });
  });

  it('routes a company user to /portal', async () => {
    fakeApi(() => ({ status: 200, body: seller }));
    renderScreen(<LoginForm />);
    await fill('s@x.co', 'secret-password');
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
  });

  it('shows a 400 answer under the email field and a 401 answer under the password field', async () => {
    let status = 400;
    fakeApi(() => ({ status, body: { message: status === 400 ? "We couldn't find an account with that email address." : 'That password is not correct.' } }));
    renderScreen(<LoginForm />);
    await fill('nobody@x.co', 'whatever-123');
    expect(await screen.findByTestId('login-email-error')).toHaveTextContent("We couldn't find an account with that email address.");
    status = 401;
    fireEvent.submit(screen.getByRole('button', { name: 'Log in' }).closest('form')!);
    expect(await screen.findByTestId('login-password-error')).toHaveTextContent('That password is not correct.');
    expect(screen.queryByTestId('login-email-error')).not.toBeInTheDocument();
  });

  it('shows the HTTP client message when the network fails', async () => {
    fakeApi(() => ({ status: 502 }));
    renderScreen(<LoginForm />);
    await fill('a@b.co', 'whatever-123');
    expect(await screen.findByText('Request failed with status code 502')).toBeInTheDocument();
  });
});
