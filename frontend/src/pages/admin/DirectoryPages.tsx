import { useParams } from 'react-router-dom';

import { useCompany } from '../../features/admin/api/get-company';
import { ApplicationsTable } from '../../features/admin/components/ApplicationsTable';
import { CompaniesTable } from '../../features/admin/components/CompaniesTable';
import { UsersTable } from '../../features/admin/components/UsersTable';
import { CompanyBankAccounts } from '../../features/bank-accounts/components/CompanyBankAccounts';
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

/** /admin/companies/{company_id}/bank-accounts: the company's payout accounts and a pending change to confirm or undo. */
export function AdminCompanyBankAccountsPage() {
  const companyId = Number(useParams().companyId);
  const company = useCompany(companyId);
  const name = company.data?.name ?? `Company #${companyId}`;
  return (
    <AdminShell>
      <h1>Bank accounts of {name}</h1>
      <CompanyBankAccounts companyId={companyId} companyName={name} />
    </AdminShell>
  );
}
