export { newInvitationLink } from './invitation-links';
export { invitationIdPipe } from './invitation-rows';
export { Memberships } from './memberships';
export { TeamsModule } from './teams.module';
export { teamsSchema } from './teams.schema';
