// The teams feature's public surface for pages (issue 37).
export { AdminCompanyTeam } from './components/AdminCompanyTeam';
export { InvitationLanding } from './components/InvitationLanding';
export { TeamSettings } from './components/TeamSettings';
