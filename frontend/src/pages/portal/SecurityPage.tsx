import { AccountSecurityView } from '../../features/security/components/AccountSecurityView';
import { PortalShell } from './PortalShell';

/** /portal/account/security: second factors, sessions and the security log of one's own account (issue 25; admins too). */
export function SecurityPage() {
  return (
    <PortalShell checks={['user']} wide={false}>
      <h1>Sign-in and security</h1>
      <AccountSecurityView />
    </PortalShell>
  );
}
