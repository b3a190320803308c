import type { ContextSchema } from '../infrastructure/database/context-schema';
import { CreateBillingIdSequence1763803838000, CreateEscrowCommandSide1763800008000, IdleTransactionsEnd1763800047000 } from './command-side.migrations';
import { IdempotentCreationEntity, RequestFingerprintEntity } from './infrastructure/command-side.entity';
import { CreateRequestFingerprints1763800046000 } from './request-fingerprints';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const commandSideSchema: ContextSchema = {
  entities: [IdempotentCreationEntity, RequestFingerprintEntity],
  migrations: [
    CreateEscrowCommandSide1763800008000,
    CreateRequestFingerprints1763800046000,
    IdleTransactionsEnd1763800047000,
    CreateBillingIdSequence1763803838000,
  ],
};
