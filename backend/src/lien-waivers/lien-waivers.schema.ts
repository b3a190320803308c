import type { ContextSchema } from '../infrastructure/database/context-schema';
import { LienWaiverEntity } from './infrastructure/lien-waiver.entity';
import { AllowBillingLienWaivers1763900500000, CreateLienWaivers1763800203000 } from './lien-waivers.migrations';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const lienWaiversSchema: ContextSchema = {
  entities: [LienWaiverEntity],
  migrations: [CreateLienWaivers1763800203000, AllowBillingLienWaivers1763900500000],
};
