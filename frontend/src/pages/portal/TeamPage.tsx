import { TeamSettings } from '../../features/teams';
import { PortalShell } from './PortalShell';

/** /portal/account/team: the company's members, roles, invitations and signing policy (issue 37). */
export function TeamPage() {
  return (
    <PortalShell checks={['company']}>
      <h1>Team</h1>
      <TeamSettings />
    </PortalShell>
  );
}
