import { Alert } from 'antd';

import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useCompanyTeam } from '../api/get-company-team';
import { InvitationsTable } from './InvitationsTable';
import { MembersTable } from './MembersTable';

/**
 * An administrator's view of a company's team (issue 37): its members and pending invitations,
 * which support may send again or revoke. Nothing here gives a role: an administrator never holds
 * one in a company. `manage`/`reason` come from the console's own role table.
 */
export function AdminCompanyTeam({ companyId, manage, reason }: { companyId: number; manage: boolean; reason: string | null }) {
  const team = useCompanyTeam(companyId);
  if (team.isPending) return <Spinner label="Loading the company’s team…" />;
  if (team.isError) return <Alert type="error" showIcon title={errorMessage(team.error)} />;
  return (
    <>
      <section aria-labelledby="members-title">
        <h2 id="members-title">Members</h2>
        <MembersTable team={team.data} meId={null} manage={false} />
      </section>
      <section aria-labelledby="invitations-title" style={{ marginTop: space.xl }}>
        <h2 id="invitations-title">Pending invitations</h2>
        {reason && <p className="el-muted">{reason}</p>}
        <InvitationsTable invitations={team.data.invitations} companyId={companyId} manage={manage} />
      </section>
      <p className="el-muted" style={{ marginTop: space.xl }}>
        Roles are given by the company’s owners. An administrator cannot hold a role in a company.
      </p>
    </>
  );
}
