import { act, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { DELETION_ERROR, DELETION_TAKES, DeletionRequestForm, EMAIL_REQUIRED_WARNING, REQUEST_SENT } from '../components/DeletionRequestForm';

const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Request deletion' }));

describe('DeletionRequestForm (docs/product.md#deletion-request)', () => {
  afterEach(() => vi.useRealTimers());

  it('warns for about 2 s when the email is empty, and sends nothing', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { calls } = fakeApi(() => undefined);
    renderScreen(<DeletionRequestForm />);
    submit();
    expect(await screen.findByText(EMAIL_REQUIRED_WARNING)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(1900));
    expect(screen.getByText(EMAIL_REQUIRED_WARNING)).toBeInTheDocument();
    await act(async () => vi.advanceTimersByTime(200));
    expect(screen.queryByText(EMAIL_REQUIRED_WARNING)).not.toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it("shows 'Request sent.' with the 5-business-days text", async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: { message: 'Request sent.' } }));
    renderScreen(<DeletionRequestForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' Me@Example.com ' } });
    fireEvent.change(screen.getByLabelText('Note (optional)'), { target: { value: 'Moving abroad' } });
    submit();
    expect(await screen.findByText(REQUEST_SENT)).toBeInTheDocument();
    expect(screen.getByText(DELETION_TAKES)).toBeInTheDocument();
    expect(calls[0]!.data).toEqual({ email: 'me@example.com', note: 'Moving abroad' });
  });

  it("shows the 'Error' alert when the request fails", async () => {
    fakeApi(() => ({ status: 500, body: { message: 'boom' } }));
    renderScreen(<DeletionRequestForm />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
    submit();
    expect(await screen.findByText('Error')).toBeInTheDocument();
    expect(screen.getByText(DELETION_ERROR)).toBeInTheDocument();
  });
});
