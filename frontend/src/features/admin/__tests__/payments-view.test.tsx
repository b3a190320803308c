import type { AdminPaymentRow } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { PaymentsView } from '../components/PaymentsView';

const row = (id: number, amount: string): AdminPaymentRow => ({
  kind: 'deposit',
  id,
  job_id: 1000,
  original_id: 5000,
  amount,
  fee: null,
  status: 'settled',
  created_at: '2026-11-01T10:00:00Z',
  completed_at: null,
  party: 'Jordan Buyer',
  party_role: 'buyer',
  retainage: false,
  progress_billing: false,
});

describe('payments view', () => {
  it('reads its filters from the address, totals each kind exactly and links the same filters as CSV', async () => {
    const refund: AdminPaymentRow = { ...row(3, '5.00'), kind: 'refund' };
    const { calls } = fakeApi((call) => (call.url === '/admin/payments' ? { status: 200, body: [row(1, '0.10'), row(2, '0.20'), refund] } : undefined));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments?kind=deposit&party=Jordan' },
    );
    // 0.10 + 0.20 as decimals, not 0.30000000000000004
    expect(await screen.findByText('3 payments · deposits $0.30 · refunded $5.00')).toBeInTheDocument();
    expect(calls[0]!.url).toBe('/admin/payments');
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/payments?kind=deposit&party=Jordan&format=csv');
    expect(screen.getByRole('textbox', { name: 'Party' })).toHaveValue('Jordan');
  });

  it('lists a retainage refund among the refunds, marked as retainage, beside an escrow refund of the same number', async () => {
    const escrow: AdminPaymentRow = { ...row(7, '50.00'), kind: 'refund', status: 'paid' };
    const retainage: AdminPaymentRow = { ...row(7, '100.00'), kind: 'refund', status: 'paid', retainage: true };
    fakeApi((call) => (call.url === '/admin/payments' ? { status: 200, body: [escrow, retainage] } : undefined));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments?kind=refund' },
    );
    expect(await screen.findByText('2 payments · refunded $150.00')).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Payments' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(2);
    const marked = rows.filter((r) => within(r).queryByText('Retainage'));
    expect(marked).toHaveLength(1);
    expect(marked[0]).toHaveTextContent('$100.00');
  });

  it('puts a new filter in the address', async () => {
    fakeApi((call) => (call.url === '/admin/payments' ? { status: 200, body: [] } : undefined));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments' },
    );
    await userEvent.type(screen.getByRole('textbox', { name: 'Project #' }), '1001');
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/payments?job_id=1001&format=csv'));
  });

  it("shows the API's message for a bad filter", async () => {
    fakeApi(() => ({ status: 400, body: { message: 'from must be a date like 2026-11-01.' } }));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments?from=soon' },
    );
    expect(await screen.findByText('from must be a date like 2026-11-01.')).toBeInTheDocument();
  });

  it("marks a progress-billed project's deposit and payout, beside a milestone's of the same numbers", async () => {
    const milestone = row(1, '10.00');
    const billing: AdminPaymentRow = { ...row(1, '36000.00'), original_id: 1000, progress_billing: true };
    const payout: AdminPaymentRow = { ...row(1, '13500.00'), kind: 'disbursement', original_id: 1000, party_role: 'payee', progress_billing: true };
    fakeApi((call) => (call.url === '/admin/payments' ? { status: 200, body: [milestone, billing, payout] } : undefined));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments' },
    );
    expect(await screen.findByText(/^3 payments/)).toBeInTheDocument();
    const rows = within(screen.getByRole('table', { name: 'Payments' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows).toHaveLength(3);
    const marked = rows.filter((r) => within(r).queryByText('Progress billing'));
    expect(marked.map((r) => r.textContent)).toEqual([expect.stringContaining('$36,000.00'), expect.stringContaining('$13,500.00')]);
    // No milestone of its own: the project's id is not shown as one.
    for (const r of marked) expect(r).not.toHaveTextContent('1000#');
  });
});
