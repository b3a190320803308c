import type { ContextSchema } from '../infrastructure/database/context-schema';
import { CertifierInvitationEntity } from './infrastructure/certifier-invitation.entity';
import { AddCertifierInvitations1763900000000, AllowRevokedCertifierInvitations1763900000001 } from './progress-billing.migrations';

/** The tables this context owns besides its read models (src/schema.ts gathers every context's). */
export const progressBillingSchema: ContextSchema = {
  entities: [CertifierInvitationEntity],
  migrations: [AddCertifierInvitations1763900000000, AllowRevokedCertifierInvitations1763900000001],
};
