import { act, screen, waitFor, within } from '@testing-library/react';
import { App } from 'antd';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import type { MilestoneView, PayeeView } from '../api/milestones';
import { PaymentsPanel } from '../components/PaymentsPanel';

/** Issue 25: each payment says which account it goes to, and why it waits when it is held. */
describe("the card's disbursements", () => {
  const payee = (over: Partial<PayeeView> & Record<string, unknown>): PayeeView =>
    ({
      jc_id: 1,
      mp_id: 9,
      company_id: 100,
      name: 'Saguaro Builders',
      type: 'fixed',
      percentage: null,
      percent_decimal: null,
      amount: '1000.00',
      includeFee: false,
      feeIncluded: false,
      fee: '22.50',
      net: '1000.00',
      amt_bc_owes: '0.00',
      amt_remaining: '0.00',
      disbursement_sum: '1000.00',
      disbursement: null,
      retainage: '0.00',
      retainage_held: '0.00',
      retainage_release: null,
      awaiting_waiver: false,
      ...over,
    }) as PayeeView;
  const milestone = { m_id: 5000, job_id: 7, status: 'Complete', is_current: true, deposit_total: '1022.50', deposit_sum: '1022.50' } as MilestoneView;

  it('names the account a payment goes to and shows the hold in the words of the API', async () => {
    const held = 'held: payout account changed on Nov 26, 2026';
    fakeApi((call) => {
      if (call.url.endsWith('/deposits')) return { status: 200, body: [] };
      if (call.url.endsWith('/payees'))
        return {
          status: 200,
          body: [
            payee({
              disbursement: {
                name: 'Saguaro Builders',
                amount: '1000.00',
                status: 'requested',
                paid_at: null,
                payout_account: { last4: '6789', masked: '••••6789', bank_name: 'Desert Bank' },
                hold: { reason: 'payout_account_changed', since: '2026-11-26T10:14:00Z', until: '2026-12-01T10:14:00Z', text: held },
              } as PayeeView['disbursement'],
            }),
            payee({
              mp_id: 10,
              name: 'Mesa Electric',
              disbursement: {
                name: 'Mesa Electric',
                amount: '500.00',
                status: 'paid',
                paid_at: '2026-11-20T00:00:00Z',
                payout_account: { last4: '4321', masked: '••••4321', bank_name: null },
                hold: null,
              } as PayeeView['disbursement'],
            }),
          ],
        };
      return undefined;
    });
    renderScreen(
      <App>
        <PaymentsPanel milestone={milestone} />
      </App>,
    );
    const first = await screen.findByTestId('payee-9');
    expect(first).toHaveTextContent('to ••••6789');
    expect(within(first).getByTestId('payment-hold')).toHaveTextContent(held);
    const second = screen.getByTestId('payee-10');
    expect(second).toHaveTextContent('Paid $500.00');
    expect(second).toHaveTextContent('to ••••4321');
    expect(within(second).queryByTestId('payment-hold')).not.toBeInTheDocument();
  });

  it('asks for no deposits while the milestone has none, and for them once it has one', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url.endsWith('/payees')) return { status: 200, body: [payee({})] };
      if (call.url.endsWith('/deposits'))
        return {
          status: 200,
          body: [
            { md_id: 3, amount: '1022.50', created: '2026-11-01', payment_status: 'pending', deposit_complete: false, failure_reason: null, bank_last4: null },
          ],
        };
      return undefined;
    });
    const unfunded = {
      ...milestone,
      status: 'Approved',
      deposit_count: 0,
      deposit_sum: '0.00',
      deposit_pending: false,
      held: '0.00',
      refunded: '0.00',
    } as MilestoneView;
    let deposit: () => void = () => undefined;
    function Card() {
      const [m, setM] = useState(unfunded);
      // The buyer deposits: the project's list answers the card with one deposit, pending.
      deposit = () => setM({ ...unfunded, deposit_count: 1, deposit_pending: true });
      return <PaymentsPanel milestone={m} />;
    }
    renderScreen(
      <App>
        <Card />
      </App>,
    );
    expect(await screen.findByTestId('payee-9')).toBeInTheDocument();
    expect(screen.getByText('No deposit yet. Deposit due: $1,022.50.')).toBeInTheDocument();
    expect(calls.filter((c) => c.url.endsWith('/deposits'))).toHaveLength(0);
    act(() => deposit());
    expect(await screen.findByTestId('deposit-3')).toHaveTextContent('$1,022.50 — Pending');
    await waitFor(() => expect(calls.filter((c) => c.url === '/milestone/5000/deposits').length).toBeGreaterThan(0));
  });
});
