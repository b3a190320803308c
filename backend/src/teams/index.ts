export { newInvitationLink } from './invitation-links';
export { TeamsModule } from './teams.module';
export { teamsSchema } from './teams.schema';
