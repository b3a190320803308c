import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import type { ProjectSummary } from '../../api/projects';
import { CompaniesTable } from '../../features/admin/components/CompaniesTable';
import { DashboardView } from '../../features/admin/components/DashboardView';
import { PaymentsView } from '../../features/admin/components/PaymentsView';
import { ProjectsTable } from '../../features/admin/components/ProjectsTable';
import { AdminIdentity } from '../../features/admin/roles';
import { fakeApi, renderScreen } from '../../test/render';
import { ADMIN_SECTIONS } from './AdminFrame';
import { AdminShell } from './AdminShell';
import { AdminDisputesPage } from './DisputesPage';

const admin = {
  user_id: 1,
  first_name: 'Avery',
  last_name: 'Admin',
  phone: null,
  email: 'a@x.test',
  display_name: 'Avery Admin',
  role: 'admin',
  admin_role: 'owner',
  company: null,
  permissions: { user: true },
};
const totals = { agreed: '0.00', deposited: '0.00', held: '0.00', released: '0.00', retainage_held: '0.00', fees: '0.00', refunded: '0.00', to_fund: '0.00' };
const project = (job_id: number, waiting_on: { buyer: number; seller: number }): ProjectSummary => ({
  job_id,
  service: 'Roofing',
  customer_id: 10,
  customer_name: 'Jordan Buyer',
  primary_company_id: 100,
  primary_company_name: 'Saguaro Build Co.',
  customerInitiated: false,
  created_by: 21,
  is_draft: false,
  your_role: 'admin',
  status: 'Active',
  created_at: '2026-11-01T10:00:00Z',
  submitted_at: null,
  updated_at: '2026-11-01T10:00:00Z',
  signatures: { buyer: null, seller: null },
  milestone_count: 1,
  totals,
  terms: { retainagePercent: '0.00', siteState: null },
  next_action: null,
  waiting_on_you: 0,
  waiting_on,
});

describe('admin console', () => {
  it('shows every section as a link, none hidden in an overflow menu', async () => {
    fakeApi((call) => (call.url === '/user' ? { status: 200, body: admin } : undefined));
    renderScreen(
      <AdminShell>
        <h1>Users</h1>
      </AdminShell>,
      { path: '/admin/users' },
    );
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(within(nav).getByRole('link', { name: 'Users' })).toHaveAttribute('aria-current', 'page');
  });

  it("links the dashboard's waiting tiles to the projects waiting on that side", async () => {
    fakeApi((call) =>
      call.url === '/admin/dashboard'
        ? {
            status: 200,
            body: {
              held: '0.00',
              deposits_pending: { count: 0, amount: '0.00' },
              deposited_this_month: '0.00',
              disbursed_this_month: '0.00',
              fees_this_month: '0.00',
              refunded_this_month: '0.00',
              open_disputes: 0,
              retainage_held: '0.00',
              retainage_disputes: [],
              waiting_on: { buyer: 2, seller: 1 },
              held_by_project: [],
              monthly: [],
            },
          }
        : undefined,
    );
    renderScreen(
      <App>
        <DashboardView />
      </App>,
      { path: '/admin' },
    );
    expect(await screen.findByRole('link', { name: '2' })).toHaveAttribute('href', '/admin/projects?waiting=buyer');
    expect(screen.getByRole('link', { name: '1' })).toHaveAttribute('href', '/admin/projects?waiting=seller');
  });

  it('lists open retainage disputes after the milestone disputes, each linking to its project', async () => {
    fakeApi((call) => {
      if (call.url === '/user') return { status: 200, body: admin };
      if (call.url === '/admin/disputes') return { status: 200, body: [] };
      if (call.url === '/admin/retainage-disputes')
        return {
          status: 200,
          body: [
            {
              job_id: 1004,
              service: 'Framing',
              buyer: 'Jordan Buyer',
              seller: 'Saguaro Build Co.',
              held: '1250.00',
              opened_by_party: 'buyer',
              opened_by: 'Jordan Buyer',
              statement: 'The railing is missing.',
              opened_at: '2026-11-20T10:00:00Z',
            },
          ],
        };
      return undefined;
    });
    renderScreen(
      <App>
        <AdminDisputesPage />
      </App>,
      { path: '/admin/disputes' },
    );
    expect(await screen.findByRole('link', { name: '#1004 Framing' })).toHaveAttribute('href', '/admin/job/1004?tab=retainage');
    expect(screen.getByRole('heading', { name: 'Retainage disputes' })).toBeInTheDocument();
    expect(screen.getByText('No open milestone disputes.')).toBeInTheDocument();
    const row = screen.getByRole('row', { name: /#1004 Framing/ });
    expect(within(row).getByText('$1,250.00')).toBeInTheDocument();
    expect(within(row).getByText('the buyer (Jordan Buyer)')).toBeInTheDocument();
    // Resolved disputes are milestone disputes only: the retainage ones are not shown there.
    await userEvent.click(screen.getByText('Resolved'));
    expect(await screen.findByText('No resolved disputes.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Retainage disputes' })).not.toBeInTheDocument();
  });

  it('lists only the projects waiting on the side the address names', async () => {
    fakeApi((call) =>
      call.url === '/admin/projects' ? { status: 200, body: [project(1000, { buyer: 1, seller: 0 }), project(1001, { buyer: 0, seller: 2 })] } : undefined,
    );
    renderScreen(
      <App>
        <ProjectsTable />
      </App>,
      { path: '/admin/projects?waiting=seller' },
    );
    expect(await screen.findByRole('link', { name: '#1001 Roofing' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '#1000 Roofing' })).not.toBeInTheDocument();
    expect(screen.getByText('Projects with milestones waiting on the seller')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Show every project' }));
    expect(await screen.findByRole('link', { name: '#1000 Roofing' })).toBeInTheDocument();
  });

  it('shows payment statuses and kinds capitalised', async () => {
    fakeApi((call) =>
      call.url === '/admin/payments'
        ? {
            status: 200,
            body: [
              {
                kind: 'deposit',
                id: 1,
                job_id: 1000,
                original_id: 5000,
                amount: '10.00',
                fee: null,
                status: 'settled',
                created_at: '2026-11-01T10:00:00Z',
                completed_at: null,
                party: 'Jordan Buyer',
                party_role: 'buyer',
              },
            ],
          }
        : undefined,
    );
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments' },
    );
    const table = await screen.findByRole('table');
    expect(await within(table).findByText('Settled')).toBeInTheDocument();
    expect(within(table).getByText('Deposit')).toBeInTheDocument();
    expect(within(table).queryByText('settled')).not.toBeInTheDocument();
  });

  it('says a From day after the Before day is a mistake instead of showing no data', async () => {
    const { calls } = fakeApi(() => ({ status: 200, body: [] }));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments?from=2026-11-05&to=2026-11-01' },
    );
    const message = 'The From day must be earlier than the Before day: no payment is on or after the one and before the other.';
    expect((await screen.findAllByText(message)).length).toBeGreaterThan(0);
    expect(calls.filter((c) => c.url === '/admin/payments')).toEqual([]);
  });

  it('refuses a backwards range in the filter form', async () => {
    fakeApi(() => ({ status: 200, body: [] }));
    renderScreen(
      <App>
        <PaymentsView />
      </App>,
      { path: '/admin/payments' },
    );
    fireEvent.change(screen.getByLabelText('From (day)'), { target: { value: '2026-11-05' } });
    fireEvent.change(screen.getByLabelText('Before (day)'), { target: { value: '2026-11-01' } });
    await userEvent.click(screen.getByRole('button', { name: 'Filter' }));
    expect(
      await screen.findByText('The From day must be earlier than the Before day: no payment is on or after the one and before the other.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Export CSV' })).toHaveAttribute('href', '/api/admin/payments?format=csv');
  });

  it('refuses a zip code that is not 5 digits or ZIP+4', async () => {
    const { calls } = fakeApi((call) => {
      if (call.url === '/admin/companies')
        return {
          status: 200,
          body: [
            {
              company_id: 101,
              name: 'Desert Current Electric',
              city: 'Tucson',
              state: 'AZ',
              kind: 'subcontractor',
              created_at: '2026-01-01T00:00:00Z',
              services: [],
              users: 1,
            },
          ],
        };
      if (call.url === '/company/101')
        return { status: 200, body: { company_id: 101, name: 'Desert Current Electric', zip_code: '85701', state: 'AZ', bio: null } };
      if (call.url === '/company/services/101') return { status: 200, body: [] };
      if (call.url === '/services') return { status: 200, body: [] };
      return undefined;
    });
    renderScreen(
      <App>
        <AdminIdentity value={{ userId: 1, role: 'owner', refresh: () => {} }}>
          <CompaniesTable />
        </AdminIdentity>
      </App>,
      { path: '/admin/contractors' },
    );
    const edit = await screen.findByRole('button', { name: 'Edit Desert Current Electric' });
    await waitFor(() => expect(edit).toBeEnabled());
    await userEvent.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Edit Desert Current Electric' });
    const zip = await within(dialog).findByLabelText('Zip');
    await userEvent.clear(zip);
    await userEvent.type(zip, 'ABCDEFGHIJKLMNOP');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText('Enter a 5-digit ZIP code, or ZIP+4 like 85013-1234.')).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(false));
  });
});
