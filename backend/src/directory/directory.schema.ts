import type { ContextSchema } from '../infrastructure/database/context-schema';
import { directoryEntities } from './infrastructure';

/** The tables this context owns (src/schema.ts gathers every context's). */
export const directorySchema: ContextSchema = {
  entities: directoryEntities,
  migrations: [],
};
