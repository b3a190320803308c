// The teams feature's public surface for pages (issue 37).
export { useCompanySecurityLog } from './api/get-company-security-log';
export { useTeam } from './api/get-team';
export { AdminCompanyTeam } from './components/AdminCompanyTeam';
export { InvitationLanding } from './components/InvitationLanding';
export { TeamSettings } from './components/TeamSettings';
