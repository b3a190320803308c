import { useParams } from 'react-router-dom';

import { isLoggedIn, useCurrentUser } from '../../api/current-user';
import { useCompany } from '../../features/admin/api/get-company';
import { ApplicationsTable } from '../../features/admin/components/ApplicationsTable';
import { CompaniesTable } from '../../features/admin/components/CompaniesTable';
import { UsersTable } from '../../features/admin/components/UsersTable';
import { useAdminCan } from '../../features/admin/roles';
import { CompanyBankAccounts } from '../../features/bank-accounts';
import { ResetSecondFactors } from '../../features/security/components/ResetSecondFactors';
import { AdminCompanyTeam } from '../../features/teams';
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

/** The team of a company, under the console's frame, which knows the administrator's role. */
function CompanyTeam({ companyId }: { companyId: number }) {
  const gate = useAdminCan('manage-team-invitations');
  return <AdminCompanyTeam companyId={companyId} manage={gate.allowed} reason={gate.reason} />;
}

/** /admin/companies/{company_id}/team: the company's members and pending invitations; support resends or revokes an invitation (issue 37). */
export function AdminCompanyTeamPage() {
  const companyId = Number(useParams().companyId);
  const company = useCompany(companyId);
  return (
    <AdminShell>
      <h1>Team of {company.data?.name ?? `company #${companyId}`}</h1>
      <CompanyTeam companyId={companyId} />
    </AdminShell>
  );
}
