import type { AdminBillingView } from '@escrow/domain';
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
