import type { AdminBillingView, PayApplicationLineView, PayApplicationSummaryView, PayApplicationView } from '@escrow/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderScreen } from '../../../test/render';
import { AdminBilling } from '../components/AdminBilling';
import { BillingReport } from '../components/BillingReport';

const summary = (due: string, retainage: string) => ({ current_payment_due: due, total_retainage: retainage }) as PayApplicationSummaryView;
const decided = (decision: 'as_billed' | 'reduced' | 'refused') => ({ decision: { decision, reason: null } }) as PayApplicationLineView;

const application = (over: Partial<PayApplicationView>): PayApplicationView =>
  ({
    job_id: 7,
    application_number: 1,
    revision: 1,
    period_to: '2025-01-31',
    status: 'accepted',
    figures: 'certified',
    lines: [decided('as_billed')],
    summary: summary('27000.00', '3000.00'),
    billed_summary: summary('27000.00', '3000.00'),
    payees: [],
    submitted_by: 20,
    submitted_at: '2025-02-01T10:00:00Z',
    certification: { by: 10, by_role: 'certifier', at: '2025-02-03T10:00:00Z' },
    accepted: { by: 20, automatic: true, at: '2025-02-03T10:00:00Z' },
    payment: { total: '27000.00', status: 'paid', funded_at: '2025-02-03T10:00:00Z', payees: [] },
    revisions: [],
    ...over,
  }) as PayApplicationView;

const billing: AdminBillingView = {
  schedule: {
    job_id: 7,
    billing: 'progress',
    viewer: 'admin',
    current_version_id: 800,
    current_version_number: 2,
    original_contract_sum: '100000.00',
    contract_sum: '100000.00',
    lines: [
      {
        number: '2',
        description: 'Concrete',
        scheduled_value: '30000.00',
        payee_id: 101,
        retainage: { rate: '10', reduction: { to_rate: '5', at_percent_complete: '50' } },
        original_value: '30000.00',
        work_completed: '18000.00',
        stored_materials: '0.00',
        retained_at_rate: '15000.00',
        retained_at_reduced_rate: '3000.00',
        reduction_reached: true,
        retainage_released: '0.00',
        retainage_refunded: '0.00',
      },
      {
        number: '3',
        description: 'Framing',
        scheduled_value: '50000.00',
        payee_id: 100,
        retainage: { rate: '10', reduction: null },
        original_value: '50000.00',
        work_completed: '0.00',
        stored_materials: '0.00',
        retained_at_rate: '0.00',
        retained_at_reduced_rate: '0.00',
        reduction_reached: false,
        retainage_released: '0.00',
        retainage_refunded: '0.00',
      },
    ],
    versions: [],
    change_orders: [],
    certifier: null,
    open_application_number: 3,
    payee_names: [
      { company_id: 100, name: 'Mesa General Contracting' },
      { company_id: 101, name: 'Desert Concrete' },
    ],
    retainage: null,
    escrow: {
      pending: '0.00',
      clearing: '0.00',
      cleared: '0.00',
      retainage_held: '3450.00',
      awaiting_payout: '0.00',
      paid_out: '32550.00',
      awaiting_refund: '0.00',
      refunded: '0.00',
      held: '3450.00',
      returns: { returned: '0.00', returnable: '0.00', returnable_at_once: '0.00', needs_seller: '0.00', list: [] },
      deposits: [
        {
          deposit_id: 4,
          amount: '36000.00',
          fee: '810.00',
          total: '36810.00',
          status: 'returned',
          requested_at: '2025-01-20T10:00:00Z',
          clears_at: '2025-01-27T10:00:00Z',
          cleared: false,
          bank_account_last4: '0003',
          failure_reason: null,
        },
      ],
      shortfall: {
        code: 'deposit_needed',
        amount: '9000.00',
        deposit_by: '2025-04-10',
        application_number: 3,
        message: 'The escrow balance is $9,000.00 short of what pay application 3 draws; the buyer is asked to deposit it by 2025-04-10.',
      },
    },
  },
  applications: [
    application({}),
    application({
      application_number: 2,
      period_to: '2025-02-28',
      lines: [decided('refused'), decided('as_billed'), decided('reduced')],
      billed_summary: summary('11700.00', '3600.00'),
      summary: summary('5550.00', '3450.00'),
      certification: { by: 10, by_role: 'buyer', at: '2025-03-03T10:00:00Z' },
    }),
    application({ application_number: 3, period_to: '2025-03-31', status: 'submitted', figures: 'billed', certification: null, accepted: null, payment: null }),
  ],
  payouts: [
    {
      payout_id: 1,
      payment: { kind: 'application', application_number: 1 },
      payee_id: 101,
      name: 'Desert Concrete',
      amount: '13500.00',
      funded_at: '2025-02-03T10:00:00Z',
      paid_at: '2025-02-04T10:00:00Z',
      provider_reference: 'sbx_1',
    },
    {
      payout_id: 5,
      payment: { kind: 'retainage', release_number: 1 },
      payee_id: 101,
      name: 'Desert Concrete',
      amount: '1650.00',
      funded_at: '2025-04-03T10:00:00Z',
      paid_at: null,
      provider_reference: null,
    },
  ],
};

describe("the admin console's progress billing (issue 38)", () => {
  it("shows each pay application's certificate with its documents, the escrow balance, deposits and payouts", async () => {
    renderScreen(<AdminBilling projectId={7} billing={billing} />);
    expect(await screen.findByText(/The escrow balance is \$9,000\.00 short of what pay application 3 draws/)).toBeInTheDocument();
    expect(screen.getByTestId('figure-billing-retainage')).toHaveTextContent('$3,450.00');
    expect(screen.getByTestId('figure-billing-paid')).toHaveTextContent('$32,550.00');

    const applications = within(screen.getByRole('table', { name: 'Pay applications' }));
    const second = applications.getByRole('row', { name: /^2 2025-02-28/ });
    expect(second).toHaveTextContent('$11,700.00');
    expect(second).toHaveTextContent('$5,550.00');
    expect(second).toHaveTextContent('1 reduced, 1 refused');
    expect(second).toHaveTextContent(/Buyer/);
    expect(within(second).getByRole('link', { name: 'PDF of pay application 2' })).toHaveAttribute('href', '/api/job/7/pay-applications/2/pdf');
    expect(within(second).getByRole('link', { name: 'CSV of pay application 2' })).toHaveAttribute('href', '/api/job/7/pay-applications/2/csv');
    const open = applications.getByRole('row', { name: /^3 2025-03-31/ });
    expect(open).toHaveTextContent('Not certified yet');
    expect(open).toHaveTextContent('Submitted');

    // The version by its number in the project, not the store's id.
    expect(screen.getByText('Schedule of values, version 2')).toBeInTheDocument();
    expect(screen.queryByText(/version 800/)).not.toBeInTheDocument();
    const schedule = within(screen.getByRole('table', { name: 'Schedule of values' }));
    expect(schedule.getByRole('row', { name: /Concrete/ })).toHaveTextContent('Desert Concrete');
    expect(schedule.getByRole('row', { name: /Concrete/ })).toHaveTextContent('10%, 5% from 50%');
    // A payee no payout names yet is named from the schedule's answer, never by its id.
    expect(schedule.getByRole('row', { name: /Framing/ })).toHaveTextContent('Mesa General Contracting');

    const deposit = within(screen.getByRole('table', { name: 'Billing deposits' })).getByRole('row', { name: /#4/ });
    expect(deposit).toHaveTextContent('$36,810.00');
    expect(deposit).toHaveTextContent('Returned');
    expect(deposit).toHaveTextContent('…0003');

    const payouts = within(screen.getByRole('table', { name: 'Billing payouts' }));
    expect(payouts.getByRole('row', { name: /#1 Pay application 1 Desert Concrete/ })).toHaveTextContent('sbx_1');
    expect(payouts.getByRole('row', { name: /#5 Retainage release 1 Desert Concrete/ })).toHaveTextContent('Not yet');
  });

  it('reports billed, certified, paid and retained per project and per month, with exact totals and their CSVs', async () => {
    const figures = { billed: '43000.00', certified: '36000.00', paid: '32550.00', retained: '3450.00' };
    renderScreen(
      <BillingReport
        byProject={[
          { job_id: 7, service: 'General Contracting', ...figures },
          { job_id: 9, service: 'Roofing', billed: '0.10', certified: '0.20', paid: '0.00', retained: '0.01' },
        ]}
        byMonth={[
          { month: '2025-01', billed: '30000.00', certified: '30000.00', paid: '0.00', retained: '0.00' },
          { month: '2025-02', billed: '13000.00', certified: '6000.00', paid: '32550.00', retained: '3450.00' },
        ]}
        csv={(report) => <a href={`/csv/${report}`}>CSV of {report}</a>}
      />,
    );
    const byProject = within(await screen.findByRole('table', { name: 'Progress billing per project' }));
    expect(byProject.getByRole('link', { name: '#7 General Contracting' })).toHaveAttribute('href', '/admin/job/7?tab=billing');
    // Totals add cents exactly: 43,000.10 billed, 36,000.20 certified, 3,450.01 retained.
    expect(byProject.getByRole('row', { name: /^Total/ })).toHaveTextContent('Total$43,000.10$36,000.20$32,550.00$3,450.01');
    const byMonth = within(screen.getByRole('table', { name: 'Progress billing per month' }));
    expect(byMonth.getByRole('row', { name: /^2025-02/ })).toHaveTextContent('2025-02$13,000.00$6,000.00$32,550.00$3,450.00');
    expect(byMonth.getByRole('row', { name: /^Total/ })).toHaveTextContent('Total$43,000.00$36,000.00$32,550.00$3,450.00');
    expect(screen.getByRole('link', { name: 'CSV of billing-projects' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'CSV of billing-months' })).toBeInTheDocument();
  });
});
