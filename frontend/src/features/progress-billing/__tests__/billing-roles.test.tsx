import { BILLING_MEMBER_ACTIONS, type CompanyRole, DEFAULT_SIGNING_POLICY, type PayApplicationView, roleRefusalMessage, type UserObject } from '@escrow/domain';
import { screen, within } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../../test/render';
import { BillingPanel } from '../components/BillingPanel';
import { CONCRETE, scheduleView, SELLER, submitted } from './fixtures';

const member = (company_role: CompanyRole): UserObject => ({
  user_id: 5,
  first_name: 'Pat',
  last_name: 'Member',
  phone: null,
  email: 'pat@saguaro.test',
  display_name: 'Pat Member',
  company: { company_id: SELLER.company_id, name: SELLER.name, primary_company_name: SELLER.name },
  permissions: { user: true },
  company_role,
  signing_policy: DEFAULT_SIGNING_POLICY,
});

const settings = { signing_policy: DEFAULT_SIGNING_POLICY };
const certified: PayApplicationView = { ...submitted, status: 'certified', figures: 'certified' };

/** The seller's Billing tab as a member of `role` sees it: an application certified with a reduced line waits for acceptance when `open`. */
function sellerTab(role: CompanyRole, open = false) {
  fakeApi((call) => {
    if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('company', { open_application_number: open ? 1 : null }) };
    if (call.url === '/job/7/pay-applications') return { status: 200, body: open ? [{ ...certified, current_payment_due: '0.00' }] : [] };
    if (call.url === '/job/7/pay-applications/1') return { status: 200, body: certified };
    return undefined;
  });
  renderScreen(
    <App>
      <BillingPanel projectId={7} isDraft={false} seller={SELLER} />
    </App>,
    { user: member(role) },
  );
}

describe('the Billing tab by company role (issue 38)', () => {
  it('offers a project manager the seller’s billing', async () => {
    sellerTab('project_manager');
    expect(await screen.findByRole('button', { name: 'Bill this period' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Propose a change order' })).toBeEnabled();
    expect(screen.queryByText(/^Only the company's/)).not.toBeInTheDocument();
  });

  it('shows a viewer the buttons disabled, and says who can, in the API’s words', async () => {
    sellerTab('viewer');
    expect(await screen.findByRole('button', { name: 'Bill this period' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Propose a change order' })).toBeDisabled();
    // In the words of billing, not of the milestones whose permission it shares.
    expect(screen.getByText("Only the company's owner and project managers can submit or revise pay applications.")).toBeInTheDocument();
    // Under each button it concerns: a new version of the schedule and a change order.
    expect(screen.getByRole('button', { name: 'Propose a new version' })).toBeDisabled();
    expect(screen.getByText("Only the company's owner and project managers can propose a schedule of values.")).toBeInTheDocument();
    expect(screen.getByText("Only the company's owner and project managers can propose change orders.")).toBeInTheDocument();
    expect(screen.queryByText(/milestones/)).not.toBeInTheDocument();
  });

  it('lets the bookkeeper (finance) see a certificate but not accept or revise it', async () => {
    sellerTab('finance', true);
    const accept = await screen.findByRole('button', { name: 'Accept the certificate' });
    expect(accept).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Revise the application' })).toBeDisabled();
    expect(screen.getByText(roleRefusalMessage(BILLING_MEMBER_ACTIONS.AcceptCertification, settings))).toBeInTheDocument();
    expect(screen.getByText(roleRefusalMessage(BILLING_MEMBER_ACTIONS.RevisePayApplication, settings))).toBeInTheDocument();
    expect(screen.queryByText(/milestones/)).not.toBeInTheDocument();
  });

  it('names every payee by the name the answer gives, never by a number', async () => {
    sellerTab('owner');
    const schedule = await screen.findByRole('table', { name: 'Schedule of values' });
    expect(within(schedule).getByText(CONCRETE.name)).toBeInTheDocument();
    expect(within(schedule).getAllByText(SELLER.name)).toHaveLength(2);
    expect(document.body).not.toHaveTextContent(/Company #/);
  });
});
