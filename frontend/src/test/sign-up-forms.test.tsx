import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { ApplicationForm } from '../features/applications/components/ApplicationForm';
import { AcceptInvitationForm } from '../features/auth/components/AcceptInvitationForm';
import { SignupForm } from '../features/auth/components/SignupForm';
import ContactForm from '../features/contact/components/ContactForm';
import { fakeApi, renderScreen } from './render';

describe('sign-up forms', () => {
  it('buyer sign-up formats the phone as typed and explains each missing field', async () => {
    const { calls } = fakeApi(() => undefined);
    renderScreen(<SignupForm />);
    await userEvent.type(screen.getByLabelText('Phone'), '555123');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter all 10 digits.')).toBeInTheDocument();
    expect(screen.getByText('Please choose a password.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('buyer sign-up sends 10 digits and a clean email, then opens the portal', async () => {
    const { calls } = fakeApi(() => ({
      status: 201,
      body: {
        user_id: 9,
        first_name: 'A',
        last_name: 'B',
        email: 'a@b.co',
        display_name: 'A B',
        phone: '5551234567',
        company: null,
        permissions: { user: true },
      },
    }));
    renderScreen(<SignupForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Byron');
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    await userEvent.type(screen.getByLabelText('Email'), 'Ada@Example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/portal'));
    expect(calls[0]!.data).toMatchObject({ phone: '5551234567', email: 'ada@example.com' });
  });

  it('shows the API refusal of a taken email', async () => {
    fakeApi(() => ({ status: 409, body: { message: 'An account with this email already exists. Log in or reset your password.' } }));
    renderScreen(<SignupForm />);
    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Byron');
    await userEvent.type(screen.getByLabelText('Phone'), '5551234567');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Password'), 'long-password-1');
    await userEvent.click(screen.getByRole('button', { name: 'Create my account' }));
    expect(await screen.findByText('An account with this email already exists. Log in or reset your password.')).toBeInTheDocument();
  });

  it('the contractor application needs the company, contact, place and services', async () => {
    const { calls } = fakeApi((call) =>
      call.url === '/services' ? { status: 200, body: [{ service_name: 'Roofing' }] } : { status: 201, body: { application_id: 4 } },
    );
    renderScreen(<ApplicationForm />);
    await userEvent.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByText('Please enter the company name.')).toBeInTheDocument();
    expect(screen.getByText('Choose at least one service your company offers.')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
  });

  it('the invited buyer sees who the invitation is for, or Link invalid.', async () => {
    fakeApi((call) =>
      call.url === '/auth/invite/good'
        ? { status: 200, body: { user_id: 3, first_name: 'Robin', last_name: 'C', email: 'robin@x.co' } }
        : { status: 404, body: { message: 'Link invalid.' } },
    );
    renderScreen(<AcceptInvitationForm hash="good" />);
    expect(await screen.findByText(/Welcome, Robin/)).toHaveTextContent('robin@x.co');
    renderScreen(<AcceptInvitationForm hash="stale" />);
    expect(await screen.findByText('Link invalid.')).toBeInTheDocument();
  });

  it('the contact form sends what was typed and says the message was sent', async () => {
    // The API's own answer (the 24-hour promise) is checked where it is made, in directory.e2e.spec.ts.
    const { calls } = fakeApi((call) => (call.method === 'POST' ? { status: 201, body: {} } : undefined));
    renderScreen(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Name'), 'Kim');
    await userEvent.type(screen.getByLabelText('Email'), 'kim@x.co');
    await userEvent.type(screen.getByLabelText('Phone (optional)'), '602 555 0101');
    await userEvent.type(screen.getByLabelText('Message'), 'When can you start?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Message sent.');
    expect(screen.queryByRole('button', { name: 'Send message' })).not.toBeInTheDocument();
    expect(calls).toEqual([
      expect.objectContaining({
        method: 'POST',
        url: '/contact',
        data: { name: 'Kim', email: 'kim@x.co', phone: '602 555 0101', message: 'When can you start?' },
      }),
    ]);
  });

  it('the contact form sends nothing without a name and a message', async () => {
    const { calls } = fakeApi(() => ({ status: 201, body: {} }));
    renderScreen(<ContactForm />);
    await userEvent.type(screen.getByLabelText('Email'), 'kim@x.co');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText('Please enter your name.')).toBeInTheDocument();
    expect(screen.getByText('Please write your message.')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });
});
