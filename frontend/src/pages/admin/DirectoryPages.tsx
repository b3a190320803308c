import { ApplicationsTable } from '../../features/admin/components/ApplicationsTable';
import { CompaniesTable } from '../../features/admin/components/CompaniesTable';
import { UsersTable } from '../../features/admin/components/UsersTable';
import { AdminShell } from './AdminShell';

/** /admin/users */
export function AdminUsersPage() {
  return (
    <AdminShell>
      <h1>Users</h1>
      <UsersTable />
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
