import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { noteFreshness } from '../../lib/read-your-writes';
import { UpdatingNotice } from './UpdatingNotice';

afterEach(() => vi.useRealTimers());

describe('UpdatingNotice', () => {
  it('says "Updating…" after an answer the read models were behind on, asks again a second later, and goes with a fresh answer', () => {
    vi.useFakeTimers();
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries').mockResolvedValue();
    render(
      <QueryClientProvider client={client}>
        <UpdatingNotice />
      </QueryClientProvider>,
    );
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('');
    act(() => noteFreshness(true));
    expect(status).toHaveTextContent('Updating…');
    expect(invalidate).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    expect(invalidate).toHaveBeenCalledTimes(1);
    act(() => noteFreshness(false));
    expect(status).toHaveTextContent('');
  });
});
