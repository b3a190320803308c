import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { WebhookEndpoints } from '../components/WebhookEndpoints';

const endpoint = {
  id: 7,
  url: 'https://hooks.example.com/escrow',
  description: 'Books',
  kinds: ['deposit.settled'],
  company_id: 100,
  enabled: true,
  created_at: '2026-11-20T10:00:00Z',
  secret_rotated_at: null,
  previous_secret_expires_at: null,
};
const delivery = {
  delivery_id: '0b5e4c3a-2f8e-5d3b-9a51-6f0c2d7e8a14',
  endpoint_id: 7,
  event_id: 'a46f1d1b-6a21-5ab1-b1c9-fc9095e250bf',
  kind: 'deposit.settled',
  status: 'pending',
  attempts: 2,
  last_status_code: 500,
  last_latency_ms: 31,
  last_error: 'answered 500',
  next_attempt_at: '2026-11-24T09:00:00Z',
  first_attempt_at: '2026-11-24T08:59:00Z',
  delivered_at: null,
  manual_resends: 0,
  created_at: '2026-11-24T08:59:00Z',
};

describe('webhook endpoints', () => {
  it('registers an endpoint with the kinds chosen and shows its secret once', async () => {
    const { calls } = fakeApi((call) => {
      if (call.method === 'GET' && call.url === '/webhooks/endpoints') return { status: 200, body: [] };
      if (call.method === 'POST' && call.url === '/webhooks/endpoints') return { status: 201, body: { ...endpoint, secret: 'whsec_abc123' } };
      return undefined;
    });
    renderScreen(
      <App>
        <WebhookEndpoints scope="company" />
      </App>,
    );
    await userEvent.type(await screen.findByLabelText('URL of your receiver'), 'https://hooks.example.com/escrow');
    await userEvent.click(screen.getByLabelText('Deposit settled'));
    await userEvent.click(screen.getByLabelText('Retainage released'));
    await userEvent.click(screen.getByRole('button', { name: 'Add endpoint' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your signing secret' });
    expect(dialog).toHaveTextContent('whsec_abc123');
    expect(dialog).toHaveTextContent('it is not shown again');
    expect(calls.find((c) => c.method === 'POST')!.data).toEqual({ url: 'https://hooks.example.com/escrow', kinds: ['deposit.settled', 'retainage.released'] });
  });

  it("shows an endpoint's delivery log with the next try and re-sends a delivery", async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/webhooks/endpoints') return { status: 200, body: [endpoint] };
      if (call.url === '/webhooks/endpoints/7/deliveries') return { status: 200, body: [delivery] };
      if (call.url === `/webhooks/deliveries/${delivery.delivery_id}/resend`) return { status: 202, body: { ...delivery, manual_resends: 1 } };
      return undefined;
    });
    renderScreen(
      <App>
        <WebhookEndpoints scope="company" />
      </App>,
    );
    await screen.findByText('https://hooks.example.com/escrow');
    await userEvent.click(screen.getByRole('button', { name: /expand row/i }));
    const row = (await screen.findByText(delivery.delivery_id)).closest('tr')!;
    expect(row).toHaveTextContent('pending');
    expect(row).toHaveTextContent('500');
    expect(row).toHaveTextContent('31 ms');
    expect(row).toHaveTextContent(new Date(delivery.next_attempt_at).toLocaleString());
    // (a role query inside this row takes minutes in jsdom: the label finds the same button)
    await userEvent.click(within(row).getByLabelText(`Re-send delivery ${delivery.delivery_id}`));
    expect(calls.some((c) => c.method === 'POST' && c.url === `/webhooks/deliveries/${delivery.delivery_id}/resend`)).toBe(true);
  });
});
