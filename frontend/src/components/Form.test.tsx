import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, Input } from 'antd';
import { describe, expect, it, vi } from 'vitest';

import { Form } from './Form';
import { errorSummary } from './form-summary';
import { ThemeProvider } from './ThemeProvider';

function TwoFields({ onFinish }: { onFinish: (values: unknown) => void }) {
  return (
    <ThemeProvider>
      <Form layout="vertical" name="signup" onFinish={onFinish}>
        <Form.Item label="Name" name="name" rules={[{ required: true, message: 'Please enter your name.' }]}>
          <Input />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Please enter your email address.' }]}>
          <Input />
        </Form.Item>
        <Button htmlType="submit">Send</Button>
      </Form>
    </ThemeProvider>
  );
}

describe('Form: a failed submit is announced', () => {
  it('says in a live region that was there before how many fields need correcting and which, and focuses the first', async () => {
    const onFinish = vi.fn();
    render(<TwoFields onFinish={onFinish} />);
    const region = screen.getByRole('status');
    expect(region).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(region).toHaveTextContent('2 fields need correcting: Name, Email.'));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveFocus());
    // The focused field is read with its own error.
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Please enter your name.');
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(onFinish).not.toHaveBeenCalled();
  });

  it('says the same summary again on the next failed submit, and nothing once the form is sent', async () => {
    const onFinish = vi.fn();
    render(<TwoFields onFinish={onFinish} />);
    const region = screen.getByRole('status');
    await userEvent.type(screen.getByLabelText('Name'), 'Ada');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(region).toHaveTextContent('1 field needs correcting: Email.'));
    const first = region.textContent;
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(region.textContent).not.toBe(first));
    expect(region).toHaveTextContent('1 field needs correcting: Email.');
    await userEvent.type(screen.getByLabelText('Email'), 'ada@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ name: 'Ada', email: 'ada@example.com' }));
    expect(region).toHaveTextContent('');
  });

  it('words the summary for one and for several fields', () => {
    expect(errorSummary([])).toBe('');
    expect(errorSummary(['Email'])).toBe('1 field needs correcting: Email.');
    expect(errorSummary(['Name', 'Email'])).toBe('2 fields need correcting: Name, Email.');
  });
});
