import { projectionEntities, projectionMigrations } from '@escrow/projections';
import { eventStoreMigrations } from '../../event-store/postgres/migrations';
import { CreateIdentityAndDirectory1763800003000 } from '../../identity/identity.migrations';

/**
 * Every table of the one PostgreSQL database: the event store, the read models and the identity
 * and directory tables. TypeORM runs the migrations in timestamp order.
 */
export const allMigrations: Function[] = [...eventStoreMigrations, ...projectionMigrations, CreateIdentityAndDirectory1763800003000];

export const allEntities: Function[] = [...projectionEntities];
