import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import { Form } from '../Form';
import { EmailField, NameFields, PhoneField } from './PersonFields';

describe('the shared name, email and phone fields', () => {
  it('explain each missing or wrong value in the same words on every form, and format the phone as typed', async () => {
    const sent = vi.fn();
    render(
      <Form onFinish={sent}>
        <NameFields />
        <EmailField />
        <PhoneField />
        <button type="submit">Send</button>
      </Form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Please enter your first name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your last name.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your email address.')).toBeInTheDocument();
    expect(screen.getByText('Please enter your phone number.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('Email'), 'not-an-email');
    await userEvent.type(screen.getByLabelText('Phone'), '555123');
    expect(screen.getByLabelText('Phone')).toHaveValue('(555) 123');
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(await screen.findByText('Please enter all 10 digits.')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('First name'), 'Ada');
    await userEvent.type(screen.getByLabelText('Last name'), 'Byron');
    await userEvent.clear(screen.getByLabelText('Email'));
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.type(screen.getByLabelText('Phone'), '4567');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(sent).toHaveBeenCalledWith({ first_name: 'Ada', last_name: 'Byron', email: 'ada@example.com', phone: '(555) 123-4567' }));
  });
});
