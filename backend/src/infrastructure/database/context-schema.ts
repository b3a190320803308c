import type { EntityClass, MigrationClass } from '@escrow/projections';

/** What one context owns in the database: its TypeORM entities and its migrations (src/schema.ts gathers them). */
export interface ContextSchema {
  entities: EntityClass[];
  migrations: MigrationClass[];
}
