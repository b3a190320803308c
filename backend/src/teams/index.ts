export { newInvitationLink } from './invitation-links';
export { Memberships } from './memberships';
export { TeamsModule } from './teams.module';
export { teamsSchema } from './teams.schema';
