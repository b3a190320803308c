import { type EntityClass, type MigrationClass, projectionEntities, projectionMigrations } from '@escrow/projections';

import { CreateSignedAgreements1763800010000 } from '../../agreements/agreements.migrations';
import { SignedAgreementEntity } from '../../agreements/infrastructure/signed-agreement.entity';
import { CreateEscrowCommandSide1763800008000, IdleTransactionsEnd1763800047000 } from '../../command-side/command-side.migrations';
import { IdempotentCreationEntity, RequestFingerprintEntity } from '../../command-side/infrastructure/command-side.entity';
import { CreateRequestFingerprints1763800046000 } from '../../command-side/request-fingerprints';
import { directoryEntities } from '../../directory/infrastructure';
import { eventStoreMigrations } from '../../event-store/postgres/migrations';
import { AddAdministratorRoles1763800400400 } from '../../identity/admin-roles.migrations';
import { AddSecondFactorsAndSecurityLog1763800400000 } from '../../identity/factors.migrations';
import { CreateIdentityAndDirectory1763800003000 } from '../../identity/identity.migrations';
import { identityEntities } from '../../identity/infrastructure';
import { CreateRateLimitsAndServerSecrets1763800160000 } from '../../identity/rate-limits.migrations';
import { LienWaiverEntity } from '../../lien-waivers/infrastructure/lien-waiver.entity';
import { CreateLienWaivers1763800203000 } from '../../lien-waivers/lien-waivers.migrations';
import { MailOutboxEntity } from '../../mail/infrastructure/mail-outbox.entity';
import { MailOutboxDedupeKeys1763800045000 } from '../../mail/mail.migrations';
import { BankAccountEntity } from '../../payments/infrastructure/bank-account.entity';
import { BankAccountHolderEntity, RequestOriginEntity } from '../../payments/infrastructure/bank-account-personal-data.entity';
import { PaymentSubmissionEntity, SandboxAchSubmissionEntity } from '../../payments/infrastructure/submissions.entity';
import {
  BankAccountIdempotencyKeys1763800032000,
  BankAccountPersonalData1763800634000,
  BankAccountsAsEvents1763800631000,
  CreateBankAccounts1763800009000,
  CreateSandboxAchSubmissions1763800044000,
} from '../../payments/payments.migrations';
import { CreateWebhooks1763800300200 } from '../../webhooks';
import { webhookEntities } from '../../webhooks/infrastructure/webhook.entities';

/**
 * Every table of the one PostgreSQL database: the event store, the read models and the identity
 * and directory tables. TypeORM runs the migrations in timestamp order.
 */
export const allMigrations: MigrationClass[] = [
  ...eventStoreMigrations,
  ...projectionMigrations,
  CreateIdentityAndDirectory1763800003000,
  CreateEscrowCommandSide1763800008000,
  CreateBankAccounts1763800009000,
  CreateSignedAgreements1763800010000,
  BankAccountIdempotencyKeys1763800032000,
  CreateSandboxAchSubmissions1763800044000,
  MailOutboxDedupeKeys1763800045000,
  CreateRequestFingerprints1763800046000,
  IdleTransactionsEnd1763800047000,
  CreateRateLimitsAndServerSecrets1763800160000,
  CreateLienWaivers1763800203000,
  CreateWebhooks1763800300200,
  AddSecondFactorsAndSecurityLog1763800400000,
  AddAdministratorRoles1763800400400,
  BankAccountsAsEvents1763800631000,
  BankAccountPersonalData1763800634000,
];

/**
 * Every table above as a TypeORM entity, except the event store's `events` and the projection
 * runner's bookkeeping (plain SQL on purpose: docs/architecture.md, "TypeORM for what it is for").
 * Entities and migrations agree (schema.int.spec.ts): `npm run migration:generate` writes the
 * migration of an entity change.
 */
export const allEntities: EntityClass[] = [
  ...projectionEntities,
  ...identityEntities,
  ...directoryEntities,
  MailOutboxEntity,
  BankAccountEntity,
  BankAccountHolderEntity,
  RequestOriginEntity,
  PaymentSubmissionEntity,
  SandboxAchSubmissionEntity,
  SignedAgreementEntity,
  IdempotentCreationEntity,
  RequestFingerprintEntity,
  LienWaiverEntity,
  ...webhookEntities,
];

/**
 * Tables with no entity, on purpose: the event store's (one-statement appends with an expected
 * revision, the xid8 cursor, an immutability trigger) and the projection runner's bookkeeping
 * (checkpoints compared-and-set under row locks, rebuild shadow tables swapped in by name), plus
 * TypeORM's own list of migrations, and in the same spirit the chain checks' records (progress
 * heartbeats of a long walk, like the rebuilds') and the webhook deliverer's checkpoint (a
 * cursor advanced by compare-and-set in its batch's transaction, like the projectors'). Every
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
  'schema_migrations',
] as const;
