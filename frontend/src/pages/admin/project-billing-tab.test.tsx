import type { AdminBillingView, RetainageView } from '@escrow/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { fakeApi, renderScreen } from '../../test/render';
import { AdminProjectPage } from './ProjectPages';

const admin = {
  user_id: 1,
  first_name: 'Avery',
  last_name: 'Admin',
  email: 'a@x.test',
  display_name: 'Avery Admin',
  role: 'admin',
  admin_role: 'support',
  company: null,
};
const summary = {
  job_id: 7,
  service: 'General Contracting',
  customer_id: 10,
  customer_name: 'Olivia Owner',
  signatures: { buyer: null, seller: null },
  totals: {},
};
/** A progress-billed project with no application yet: all the tab needs to draw its tables. */
const billing = {
  schedule: {
    job_id: 7,
    billing: 'progress',
    viewer: 'admin',
    original_contract_sum: '1000.00',
    contract_sum: '1000.00',
    lines: [],
    escrow: null,
    payee_names: [],
  },
  applications: [],
  payouts: [],
} as unknown as AdminBillingView;

describe("the admin project page's Billing tab (issue 38)", () => {
  it.each([
    ['a progress-billed project', billing, true],
    ['a project billed by milestones', null, false],
  ])('gives %s a Billing tab only when it bills by progress', async (_, answer, shown) => {
    fakeApi((call) =>
      call.url === '/user'
        ? { status: 200, body: admin }
        : call.url === '/admin/job/7'
          ? { status: 200, body: { summary, milestones: [], billing: answer } }
          : undefined,
    );
    renderScreen(<AdminProjectPage />, { path: '/admin/job/7', pattern: '/admin/job/:projectId' });
    expect(await screen.findByRole('tab', { name: 'Overview' })).toBeInTheDocument();
    if (!shown) {
      expect(screen.queryByRole('tab', { name: 'Billing' })).not.toBeInTheDocument();
      return;
    }
    await userEvent.click(screen.getByRole('tab', { name: 'Billing' }));
    expect(await screen.findByRole('table', { name: 'Pay applications' })).toHaveTextContent('No pay application yet.');
  });
});

/** A project's retainage as GET /job/7/retainage answers it; a progress-billed project's has no milestones and no project rate. */
const retainage = (progress: boolean): RetainageView => ({
  job_id: 7,
  retainage_percent: progress ? '0' : '10',
  site_state: null,
  withheld: '1616.67',
  held: '1616.67',
  released: '0.00',
  refunded: '0.00',
  by_payee: [],
  milestones: progress ? [] : [{ original_id: 3, title: 'Framing', closed: false, held: '1616.67' }],
  open_milestones: progress ? 0 : 1,
  request: null,
  dispute: null,
  decisions: [],
  your_party: null,
  can_request: false,
  can_approve: false,
  can_dispute: false,
  next_step: null,
});

describe("the admin project page's Retainage tab", () => {
  it.each([
    [
      'a progress-billed project',
      billing,
      'Retainage by line of the schedule of values · withheld $1,616.67 · held $1,616.67 · released $0.00 · refunded $0.00',
    ],
    ['a project billed by milestones', null, 'Retainage 10% · withheld $1,616.67 · held $1,616.67 · released $0.00 · refunded $0.00 · 1 milestone still open'],
  ])('sums up the retainage of %s in its own terms', async (_, answer, text) => {
    fakeApi((call) =>
      call.url === '/user'
        ? { status: 200, body: admin }
        : call.url === '/admin/job/7'
          ? { status: 200, body: { summary, milestones: [], billing: answer } }
          : call.url === '/job/7/retainage'
            ? { status: 200, body: retainage(answer !== null) }
            : call.url === '/admin/retainage-disputes'
              ? { status: 200, body: [] }
              : undefined,
    );
    renderScreen(<AdminProjectPage />, { path: '/admin/job/7?tab=retainage', pattern: '/admin/job/:projectId' });
    expect(await screen.findByText(/^Retainage .* withheld/)).toHaveTextContent(new RegExp(`^${text.replace(/[$.]/g, '\\$&')}$`));
  });
});
