import { createProjectors, type EntityClass, type MigrationClass, projectionEntities, projectionMigrations } from '@escrow/projections';

import { agreementsSchema } from './agreements';
import { commandSideSchema } from './command-side';
import { directorySchema } from './directory';
import { eventStoreMigrations } from './event-store/postgres/migrations';
import { identitySchema } from './identity';
import type { ContextSchema } from './infrastructure/database/context-schema';
import { lienWaiversSchema } from './lien-waivers';
import { mailSchema } from './mail';
import { paymentsSchema } from './payments';
import { progressBillingSchema } from './progress-billing';
import { teamsSchema } from './teams';
import { webhooksSchema } from './webhooks';

/**
 * The contexts that own tables, each through its index (issue 26: the infrastructure floor reaches
 * into no context; this composition root gathers them, as app.module.ts gathers the modules).
 */
const contexts: ContextSchema[] = [
  identitySchema,
  directorySchema,
  commandSideSchema,
  paymentsSchema,
  agreementsSchema,
  mailSchema,
  lienWaiversSchema,
  webhooksSchema,
  teamsSchema,
  progressBillingSchema,
];

/**
 * Every table of the one PostgreSQL database: the event store, the read models and the contexts'
 * tables. TypeORM runs the migrations in timestamp order, wherever they are listed.
 */
export const allMigrations: MigrationClass[] = [...eventStoreMigrations, ...projectionMigrations, ...contexts.flatMap((c) => c.migrations)];

/**
 * Every table above as a TypeORM entity, except the event store's `events` and the projection
 * runner's bookkeeping (plain SQL on purpose: docs/architecture.md, "TypeORM for what it is for").
 * Entities and migrations agree (schema.int.spec.ts): `npm run migration:generate` writes the
 * migration of an entity change.
 */
export const allEntities: EntityClass[] = [...projectionEntities, ...contexts.flatMap((c) => c.entities)];

/**
 * Tables with no entity, on purpose: the event store's (one-statement appends with an expected
 * revision, the xid8 cursor, an immutability trigger) and the projection runner's bookkeeping
 * (checkpoints compared-and-set under row locks, rebuild shadow tables swapped in by name), plus
 * TypeORM's own list of migrations, and in the same spirit the chain checks' records (progress
 * heartbeats of a long walk, like the rebuilds') and the webhook deliverer's checkpoint (a
 * cursor advanced by compare-and-set in its batch's transaction, like the projectors'), as is the
 * bank-account security log's. Every
 * other table has an entity (schema.int.spec.ts).
 */
export const plainSqlTables = [
  'events',
  'projection_checkpoints',
  'projection_dead_letters',
  'projection_rebuilds',
  'projection_parked_streams',
  'event_chain_checks',
  'webhook_checkpoint',
  'bank_account_security_log_checkpoint',
  'schema_migrations',
] as const;

/**
 * The projectors' tables: the runtime database login owns them, since a rebuild (from the API or
 * the worker) creates fresh copies and swaps them in (infrastructure/database/database-logins.ts).
 */
export const readModelTables: readonly string[] = createProjectors().flatMap((projector) => projector.tables);
