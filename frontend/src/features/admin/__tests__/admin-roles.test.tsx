import type { AdminUserRow } from '@escrow/domain';
import type { AdminRole } from '@escrow/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';

import { fakeApi, type FakeCall, renderScreen } from '../../../test/render';
import { ROLE_CHANGED } from '../components/AdminRoleControl';
import { ChainCheckPanel } from '../components/IntegrityPanels';
import { UsersTable } from '../components/UsersTable';
import { AdminIdentity, type AdminIdentityValue } from '../roles';

const person = (id: number, first: string, adminRole: AdminRole | null, companyId: number | null = null): AdminUserRow => ({
  user_id: id,
  first_name: first,
  last_name: 'Tester',
  email: `${first.toLowerCase()}@example.test`,
  phone: null,
  role: adminRole ? 'admin' : null,
  admin_role: adminRole,
  company_id: companyId,
  company_name: companyId ? 'Saguaro Build Co.' : null,
  created_at: '2026-11-01T10:00:00Z',
  has_password: true,
  last_seen_at: null,
  projects_as_buyer: 0,
});
const USERS = [person(1, 'Olive', 'owner'), person(2, 'Fran', 'finance'), person(3, 'Sam', null, 40)];

let identity: AdminIdentityValue = { userId: null, role: null, refresh: () => {} };
const as = (role: AdminRole) => (identity = { userId: 1, role, refresh: () => {} });

function users(role: AdminRole, put: (call: FakeCall) => { status: number; body?: unknown } = () => ({ status: 200, body: {} })) {
  as(role);
  return fakeApi((call) => {
    if (call.url === '/admin/users') return { status: 200, body: USERS };
    if (call.method === 'PUT') return put(call);
    return undefined;
  });
}
const show = () =>
  renderScreen(
    <App>
      <AdminIdentity value={identity}>
        <UsersTable />
      </AdminIdentity>
    </App>,
  );

describe('administrator roles on the users page', () => {
  it("shows every administrator's role to a finance administrator, and that only an owner changes them", async () => {
    users('finance');
    show();
    expect(await screen.findByText('Only an owner changes administrator roles; yours is finance.')).toBeInTheDocument();
    const row = (await screen.findByText('fran@example.test')).closest('tr')!;
    expect(within(row).getByText('Finance')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Administrator role of/ })).not.toBeInTheDocument();
  });

  it('lets an owner change a role after a confirmation, and not make a company user an administrator', async () => {
    const { calls } = users('owner', () => ({ status: 200, body: { user_id: 2, role: 'admin', admin_role: 'operations' } }));
    show();
    const select = await screen.findByRole('combobox', { name: 'Administrator role of Fran Tester' });
    expect(screen.queryByRole('combobox', { name: 'Administrator role of Sam Tester' })).not.toBeInTheDocument();
    expect(screen.getByText('Company users cannot be administrators')).toBeInTheDocument();
    await userEvent.click(select);
    await userEvent.click(await screen.findByTitle('Operations'));
    // (antd's test ids make every dialog and select share one id here: the name is checked as text.)
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make Fran Tester an operations administrator?');
    expect(dialog).toHaveTextContent("Fran Tester is a finance administrator now. It applies from the person's next request.");
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText(ROLE_CHANGED)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'PUT')).toEqual([{ method: 'PUT', url: '/admin/users/2/admin-role', data: { role: 'operations' } }]);
  });

  it("shows the API's refusal to demote the last owner in the dialog", async () => {
    users('owner', () => ({ status: 409, body: { message: 'You are the last owner: make another administrator an owner first.' } }));
    show();
    await userEvent.click(await screen.findByRole('combobox', { name: 'Administrator role of Olive Tester' }));
    await userEvent.click(await screen.findByTitle('Support'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Make Olive Tester a support administrator?');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Change role' }));
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent('You are the last owner: make another administrator an owner first.'));
  });
});

describe('buttons a role cannot use', () => {
  it('disables the chain check for a finance administrator, saying why, and enables it for operations', async () => {
    const reply = (role: AdminRole) => {
      as(role);
      fakeApi(() => ({ status: 200, body: { running: false, checks: [] } }));
    };
    reply('finance');
    const { unmount } = renderScreen(
      <App>
        <AdminIdentity value={identity}>
          <ChainCheckPanel />
        </AdminIdentity>
      </App>,
    );
    const reason = 'Your administrator role (finance) cannot do this: it needs the operations or owner role.';
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify the hash chain' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify the hash chain' })).toHaveAccessibleDescription(reason);
    unmount();

    reply('operations');
    renderScreen(
      <App>
        <AdminIdentity value={identity}>
          <ChainCheckPanel />
        </AdminIdentity>
      </App>,
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Verify the hash chain' })).toBeEnabled());
    expect(screen.queryByText(/cannot do this/)).not.toBeInTheDocument();
  });
});
