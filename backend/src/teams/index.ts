export { TeamsModule } from './teams.module';
export { teamsSchema } from './teams.schema';
export { newInvitationLink } from './invitation-links';
