import { mayDo, roleRefusalMessage } from '@escrow/domain';
import { Alert, Button } from 'antd';
import { useState } from 'react';

import { Spinner } from '../../../components/Spinner';
import { space } from '../../../design/tokens';
import { errorMessage } from '../../../lib/api-client';
import { useTeam } from '../api/get-team';
import { InvitationsTable } from './InvitationsTable';
import { InviteDialog } from './InviteDialog';
import { LeaveCompanySection } from './LeaveCompanySection';
import { MembersTable } from './MembersTable';
import { RoleTag } from './RoleTag';
import { SigningPolicySection } from './SigningPolicySection';

/**
 * The Team page's body (issue 37): members and roles; for owners the invite dialog, pending
 * invitations, Change role and Remove, and the signing policy; for everyone Leave. What the
 * viewer's role may not do is not offered, and where it would be, the reason is said.
 */
export function TeamSettings() {
  const team = useTeam();
  const [inviting, setInviting] = useState(false);
  if (team.isPending) return <Spinner label="Loading your team…" />;
  if (team.isError) return <Alert type="error" showIcon title={errorMessage(team.error)} />;
  const { me, members, company_name, signing_policy, invitations } = team.data;
  const settings = { signing_policy };
  const manage = mayDo(me.role, 'members.manage', settings);
  const reason = manage ? null : roleRefusalMessage('members.manage', settings);
  const setsPolicy = mayDo(me.role, 'company.profile.edit', settings);
  const onlyOwner = manage && members.filter((m) => m.role === 'owner').length === 1;
  return (
    <>
      <p>
        {company_name}: your role is <RoleTag role={me.role} />
      </p>
      <section aria-labelledby="members-title">
        <div className="el-actions" style={{ justifyContent: 'space-between', marginBottom: space.sm }}>
          <h2 id="members-title" style={{ margin: 0 }}>
            Members
          </h2>
          {manage && (
            <Button type="primary" onClick={() => setInviting(true)}>
              Invite a member
            </Button>
          )}
        </div>
        {reason && <p className="el-muted">{reason}</p>}
        <MembersTable team={team.data} meId={me.user_id} manage={manage} />
      </section>
      {manage && (
        <section aria-labelledby="invitations-title" style={{ marginTop: space.xl }}>
          <h2 id="invitations-title">Pending invitations</h2>
          <InvitationsTable invitations={invitations} manage />
        </section>
      )}
      <SigningPolicySection
        key={signing_policy}
        policy={signing_policy}
        manage={setsPolicy}
        reason={setsPolicy ? null : roleRefusalMessage('company.profile.edit', settings)}
      />
      <LeaveCompanySection companyName={company_name} onlyOwner={onlyOwner} />
      <InviteDialog open={inviting} onClose={() => setInviting(false)} />
    </>
  );
}
