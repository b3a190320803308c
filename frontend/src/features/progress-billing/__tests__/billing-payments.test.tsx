import { screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { BillingHistory } from '../components/BillingHistory';
import { submitted } from './fixtures';

const accepted = {
  ...submitted,
  status: 'accepted' as const,
  payment: {
    total: '27000.00',
    status: 'paying' as const,
    funded_at: '2026-12-01T10:00:00Z',
    payees: [
      { payee_id: 100, amount: '13500.00', paid: false, payout_id: 1, waiver: 'due' as const, waiver_name: null },
      {
        payee_id: 30,
        amount: '13500.00',
        paid: true,
        payout_id: 2,
        waiver: 'issued' as const,
        waiver_name: 'lien-waiver-job-7-payout-2-unconditional-abcdefabcdef',
      },
    ],
  },
};

function renderHistory(isCompany: boolean) {
  fakeApi((call) => {
    if (call.url === '/job/7/pay-applications')
      return {
        status: 200,
        body: [
          {
            application_number: 1,
            revision: 1,
            period_to: '2026-11-30',
            status: 'accepted',
            current_payment_due: '27000.00',
            submitted_at: '2026-11-30T10:00:00Z',
          },
        ],
      };
    if (call.url === '/job/7/pay-applications/1') return { status: 200, body: accepted };
    return undefined;
  });
  renderScreen(
    <App>
      <BillingHistory projectId={7} nameOf={(id) => (id === 100 ? 'Saguaro Build Co.' : 'Desert Concrete')} isCompany={isCompany} />
    </App>,
  );
}

describe('the payments of the billing history and their lien waivers (issue 38)', () => {
  it('shows each payout’s waiver: due, with where the payee signs it, or issued, with its printable waiver', async () => {
    renderHistory(true);
    const payment = await screen.findByRole('group', { name: 'Payment of pay application 1' });
    expect(within(payment).getByRole('heading', { name: 'Pay application 1: $27,000.00, being paid' })).toBeInTheDocument();
    const [seller, sub] = within(payment).getAllByRole('listitem');
    expect(seller).toHaveTextContent('Saguaro Build Co.: $13,500.00');
    expect(within(seller!).getByText('Waiver due')).toBeInTheDocument();
    expect(within(seller!).getByRole('link', { name: 'Sign it on Lien waivers' })).toHaveAttribute('href', '/portal/waivers');
    expect(sub).toHaveTextContent('Desert Concrete: $13,500.00, paid');
    expect(within(sub!).getByText('Unconditional waiver issued')).toBeInTheDocument();
    expect(within(sub!).getByRole('link', { name: 'Print the waiver of Desert Concrete for pay application 1' })).toHaveAttribute(
      'href',
      '/portal/waivers/lien-waiver-job-7-payout-2-unconditional-abcdefabcdef',
    );
  });

  it('does not point the buyer to a page where only the payee signs', async () => {
    renderHistory(false);
    const payment = await screen.findByRole('group', { name: 'Payment of pay application 1' });
    expect(within(payment).getByText('Waiver due')).toBeInTheDocument();
    expect(within(payment).queryByRole('link', { name: 'Sign it on Lien waivers' })).toBeNull();
  });
});
