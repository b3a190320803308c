import { TeamSettings } from '../../features/teams';
import { CompanySecurityLog } from './CompanySecurityLog';
import { PortalShell } from './PortalShell';

/** /portal/account/team: the company's members, roles, invitations and signing policy, and for owners its security log (issue 37). */
export function TeamPage() {
  return (
    <PortalShell checks={['company']}>
      <h1>Team</h1>
      <TeamSettings />
      <CompanySecurityLog />
    </PortalShell>
  );
}
