import { projectionEntities, projectionMigrations } from '@escrow/projections';
import { eventStoreMigrations } from '../../event-store/postgres/migrations';

/**
 * Every table of the one PostgreSQL database: the event store, the read models and (later) the
 * identity and directory tables. TypeORM runs the migrations in timestamp order.
 */
export const allMigrations: Function[] = [...eventStoreMigrations, ...projectionMigrations];

export const allEntities: Function[] = [...projectionEntities];
