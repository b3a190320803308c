import { isLoggedIn, useCurrentUser } from '../../api/current-user';
import { ApplicationsTable } from '../../features/admin/components/ApplicationsTable';
import { CompaniesTable } from '../../features/admin/components/CompaniesTable';
import { UsersTable } from '../../features/admin/components/UsersTable';
import { ResetSecondFactors } from '../../features/security/components/ResetSecondFactors';
import { AdminShell } from './AdminShell';

/** /admin/users */
export function AdminUsersPage() {
  const { data: me } = useCurrentUser();
  // Only an owner may reset another user's second factors (issue 25); an admin without a role yet is treated as the owner.
  const mayReset = isLoggedIn(me) && (me.admin_role ?? 'owner') === 'owner';
  return (
    <AdminShell>
      <h1>Users</h1>
      <UsersTable
        actions={
          mayReset
            ? {
                title: 'Second factors',
                render: (u) => (u.user_id === me.user_id ? '—' : <ResetSecondFactors userId={u.user_id} name={`${u.first_name} ${u.last_name}`} />),
              }
            : undefined
        }
      />
    </AdminShell>
  );
}

/** /admin/contractors: applications to review, then the member companies and their services. */
export function AdminContractorsPage() {
  return (
    <AdminShell>
      <h1>Contractors</h1>
      <h2>Applications</h2>
      <ApplicationsTable />
      <h2>Member companies</h2>
      <CompaniesTable />
    </AdminShell>
  );
}
