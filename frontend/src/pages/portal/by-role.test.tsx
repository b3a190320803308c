import type { ProgressBillingView } from '@escrow/domain';
import type { CompanyRole } from '@escrow/domain';
import { screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { scheduleView } from '../../features/progress-billing/__tests__/fixtures';
import { fakeApi, renderScreen } from '../../test/render';
import { signedIn } from '../../test/users';
import { PortalPage } from '../PortalPage';
import { IntegrationsPage } from './IntegrationsPage';
import { NewProjectPage } from './NewProjectPage';
import { ProjectPage } from './ProjectPage';
import { CompanyWaiversPage } from './WaiverPages';

/*
 * What a member's company role does not allow is not offered on the portal's screens (issue 37),
 * and the reason is said where the buttons would be. The API refuses it anyway (403 role_forbidden).
 */

const totals = { agreed: '0.00', deposited: '0.00', held: '0.00', released: '0.00', retainage_held: '0.00', fees: '0.00', refunded: '0.00', to_fund: '0.00' };
const project = {
  job_id: 7,
  service: 'Roofing',
  customer_id: 10,
  customer_name: 'Jordan Buyer',
  primary_company_id: 100,
  primary_company_name: 'Saguaro Build Co.',
  customerInitiated: false,
  created_by: 21,
  is_draft: false,
  your_role: 'seller',
  status: 'Active',
  created_at: '2026-11-01T10:00:00Z',
  submitted_at: '2026-11-01T10:00:00Z',
  updated_at: '2026-11-01T10:00:00Z',
  signatures: { buyer: null, seller: null },
  milestone_count: 0,
  totals,
  terms: { retainagePercent: '0.00', siteState: null },
  next_action: null,
  waiting_on_you: 0,
  waiting_on: { buyer: 0, seller: 0 },
};
const retainage = {
  job_id: 7,
  retainage_percent: '0.00',
  site_state: null,
  withheld: '0.00',
  held: '0.00',
  released: '0.00',
  refunded: '0.00',
  by_payee: [],
  milestones: [],
  open_milestones: 0,
  request: null,
  dispute: null,
  decisions: [],
  your_party: 'seller',
  can_request: false,
  can_approve: false,
  can_dispute: false,
  next_step: null,
};
const waiver = {
  original_id: 5000,
  job_id: 7,
  m_id: 5000,
  milestone_title: 'Framing',
  service: 'Roofing',
  payment: 'disbursement',
  mp_id: 70000,
  company_id: 100,
  company_name: 'Saguaro Build Co.',
  kind: 'conditional',
  amount: '950.00',
  site_state: 'AZ',
  status: 'missing',
  due_since: '2026-11-20T10:00:00.000Z',
  waiver_name: null,
  signed_at: null,
  can_sign: true,
  text: 'CONDITIONAL WAIVER',
  waiver_hash: 'a'.repeat(64),
};

function asMember(role: CompanyRole) {
  return fakeApi((call) => {
    if (call.url === '/user') return { status: 200, body: signedIn(role) };
    if (call.url === '/job/7') return { status: 200, body: project };
    if (call.url === '/projects') return { status: 200, body: [project] };
    if (call.url === '/job/7/retainage') return { status: 200, body: retainage };
    if (call.url === '/job/7/milestones') return { status: 200, body: [] };
    if (call.url === '/waivers') return { status: 200, body: [waiver] };
    if (call.url === '/webhooks/endpoints') return { status: 200, body: [] };
    if (call.url === '/forms/jobs/new-job-form')
      return {
        status: 200,
        body: {
          services: [{ service_name: 'Roofing' }],
          formData: { company_id: 100, primary_company_name: 'Saguaro Build Co.', service: 'Roofing', customerInitiated: false },
        },
      };
    return undefined;
  });
}

const proposeReason = "Only the company's owner and project managers can propose milestones.";

describe('the project list by company role', () => {
  it('offers a project manager both new projects', async () => {
    asMember('project_manager');
    renderScreen(<PortalPage />, { path: '/portal' });
    expect(await screen.findByRole('link', { name: 'New project for a buyer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'New project as owner' })).toBeInTheDocument();
  });

  it('offers a viewer no new project, and says who may start one', async () => {
    asMember('viewer');
    renderScreen(<PortalPage />, { path: '/portal' });
    expect(await screen.findByText("Only the company's owner and project managers can create or edit projects.")).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^New project/ })).not.toBeInTheDocument();
  });
});

describe('the project page by company role', () => {
  const page = () => renderScreen(<ProjectPage />, { path: '/portal/job/7', pattern: '/portal/job/:projectId' });

  it('offers a project manager Add a milestone', async () => {
    asMember('project_manager');
    page();
    expect(await screen.findByRole('button', { name: 'Add a milestone' })).toBeInTheDocument();
    expect(screen.queryByText(proposeReason)).not.toBeInTheDocument();
  });

  it.each(['viewer', 'finance'] as const)('tells a %s member who may add milestones instead of offering it', async (role) => {
    asMember(role);
    page();
    expect(await screen.findByText(proposeReason)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add a milestone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Edit terms' })).not.toBeInTheDocument();
  });
});

describe('the new project screen by company role', () => {
  const page = () =>
    renderScreen(
      <App>
        <NewProjectPage />
      </App>,
      { path: '/portal/new-project/company', pattern: '/portal/new-project/:type' },
    );

  it('lets a project manager start a project', async () => {
    asMember('project_manager');
    page();
    expect(await screen.findByLabelText('Main Service Provided')).toBeInTheDocument();
  });

  it('tells a finance member who may start projects, and shows no form', async () => {
    const { calls } = asMember('finance');
    page();
    expect(await screen.findByText("Only the company's owner and project managers can create or edit projects.")).toBeInTheDocument();
    expect(screen.queryByLabelText('Main Service Provided')).not.toBeInTheDocument();
    expect(calls.some((c) => c.url === '/forms/jobs/new-job-form')).toBe(false);
  });
});

describe('the lien waivers by company role', () => {
  it('offers Sign to a finance member', async () => {
    asMember('finance');
    renderScreen(<CompanyWaiversPage />);
    expect(await screen.findByRole('button', { name: 'Sign' })).toBeInTheDocument();
  });

  it('tells a project manager who signs, and offers no Sign', async () => {
    asMember('project_manager');
    renderScreen(<CompanyWaiversPage />);
    expect(await screen.findByText("Only the company's owner and finance members can sign lien waivers.")).toBeInTheDocument();
    expect(await screen.findByText('Framing')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign' })).not.toBeInTheDocument();
  });
});

describe('the integrations by company role', () => {
  it('shows the owner the endpoints', async () => {
    const { calls } = asMember('owner');
    renderScreen(<IntegrationsPage />);
    await waitFor(() => expect(calls.some((c) => c.url === '/webhooks/endpoints')).toBe(true));
  });

  it('tells a project manager who manages them, and asks for nothing', async () => {
    const { calls } = asMember('project_manager');
    renderScreen(<IntegrationsPage />);
    expect(await screen.findByText("Only the company's owner can manage the company's webhooks.")).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/webhooks/endpoints')).toBe(false);
  });
});

describe('the project page when the project itself does not load', () => {
  const page = () => renderScreen(<ProjectPage />, { path: '/portal/job/7', pattern: '/portal/job/:projectId' });
  const failingProject = (status: number, code: string, message: string) =>
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: signedIn('owner') };
      if (call.url === '/job/7') return { status, body: { statusCode: status, code, message, request_id: 'test' } };
      if (call.url === '/job/7/retainage') return { status: 200, body: retainage };
      if (call.url === '/job/7/milestones') return { status: 200, body: [] };
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView('certifier') };
      return undefined;
    });

  it('says so to a party whose billing still loads: a failed load is never shown as the billing alone', async () => {
    failingProject(409, 'concurrent_change', 'The project could not be loaded; try again in a minute.');
    page();
    expect(await screen.findByRole('alert')).toHaveTextContent('try again in a minute');
    expect(screen.queryByRole('heading', { name: 'Billing of project #7' })).not.toBeInTheDocument();
  });

  it('shows the certifier, who is no party, the billing alone', async () => {
    failingProject(403, 'not_a_party', 'You are not a party to this project.');
    page();
    expect(await screen.findByRole('heading', { name: 'Billing of project #7' })).toBeInTheDocument();
  });
});

describe('the project page of a project billed by progress', () => {
  /** The page of project 7 billed by progress, as the API answers `viewer`; resolves with its summary. */
  const summaryOf = (viewer: 'company' | 'customer', escrow: ProgressBillingView['escrow'], retainageView: ProgressBillingView['retainage']) => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: signedIn('owner') };
      if (call.url === '/job/7') return { status: 200, body: project };
      if (call.url === '/job/7/retainage') return { status: 200, body: retainage };
      if (call.url === '/job/7/schedule') return { status: 200, body: scheduleView(viewer, { escrow, retainage: retainageView }) };
      return undefined;
    });
    renderScreen(
      <App>
        <ProjectPage />
      </App>,
      { path: '/portal/job/7', pattern: '/portal/job/:projectId' },
    );
    return screen.findByLabelText('Project summary');
  };

  it('sums up its escrow balance, not the milestones’ totals, and shows no milestone tabs', async () => {
    const escrow = {
      pending: '0.00',
      clearing: '5000.00',
      cleared: '12000.00',
      retainage_held: '3000.00',
      awaiting_payout: '0.00',
      paid_out: '27000.00',
      awaiting_refund: '0.00',
      refunded: '0.00',
      held: '20000.00',
      returns: { returned: '0.00', returnable: '0.00', returnable_at_once: '0.00', needs_seller: '0.00', list: [] },
      deposits: [],
      shortfall: {
        code: 'deposit_needed' as const,
        amount: '8000.00',
        deposit_by: '2026-12-10',
        application_number: 2,
        message: 'Deposit $8,000.00 by 2026-12-10.',
      },
    };
    const retainageView = {
      held: '3000.00',
      held_by_payee: [],
      request: null,
      releases: [],
      blocked: null,
      can_request: false,
      can_approve: false,
      can_dispute: false,
      dispute: null,
      decisions: [],
    };
    const summary = await summaryOf('company', escrow, retainageView);
    expect(summary).toHaveTextContent('Held in escrow$20,000.00');
    expect(summary).toHaveTextContent('Paid out$27,000.00');
    expect(summary).toHaveTextContent('Still to fund$8,000.00 by 2026-12-10');
    expect(summary).toHaveTextContent('Retainage held$3,000.00');
    expect(summary).not.toHaveTextContent('approved milestones');
    // The tabs are drawn in the frame after the heading and the summary.
    expect(await screen.findByRole('tab', { name: 'Billing' })).toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Milestones' })).not.toBeInTheDocument();
    expect(screen.queryByRole('tab', { name: 'Retainage' })).not.toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'History' })).toBeInTheDocument();
  });

  it('counts as retainage held only what escrow holds: none while the payment that withholds it waits for funds', async () => {
    const escrow = {
      pending: '0.00',
      clearing: '0.00',
      cleared: '0.00',
      retainage_held: '0.00',
      awaiting_payout: '0.00',
      paid_out: '0.00',
      awaiting_refund: '0.00',
      refunded: '0.00',
      held: '0.00',
      returns: { returned: '0.00', returnable: '0.00', returnable_at_once: '0.00', needs_seller: '0.00', list: [] },
      deposits: [],
      shortfall: null,
    };
    const retainageView = {
      held: '5450.00',
      held_by_payee: [],
      request: null,
      releases: [],
      blocked: { code: 'payment_awaiting_funds' as const, message: "Pay application 1's payment is waiting for the buyer's deposit to clear." },
      can_request: false,
      can_approve: false,
      can_dispute: false,
      dispute: null,
      decisions: [],
    };
    const summary = await summaryOf('customer', escrow, retainageView);
    expect(summary).toHaveTextContent('Held in escrow$0.00');
    expect(summary).toHaveTextContent('Retainage held$0.00');
  });
});
