import type { ContextSchema } from '../infrastructure/database/context-schema';
import { CompanyInvitationEntity } from './infrastructure/company-invitation.entity';
import { AddCompanyTeams1763803700000 } from './teams.migrations';

/** The tables this context owns (src/schema.ts gathers every context's); the members are users' columns. */
export const teamsSchema: ContextSchema = {
  entities: [CompanyInvitationEntity],
  migrations: [AddCompanyTeams1763803700000],
};
