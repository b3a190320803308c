import type { ContextSchema } from '../infrastructure/database/context-schema';
import { CreateSignedAgreements1763800010000 } from './agreements.migrations';
import { SignedAgreementEntity } from './infrastructure/signed-agreement.entity';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const agreementsSchema: ContextSchema = {
  entities: [SignedAgreementEntity],
  migrations: [CreateSignedAgreements1763800010000],
};
