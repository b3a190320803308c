import { type EntityClass, type MigrationClass, projectionEntities, projectionMigrations } from '@escrow/projections';

import { CreateSignedAgreements1763800010000 } from '../../agreements/agreements.migrations';
import { CreateEscrowCommandSide1763800008000, IdleTransactionsEnd1763800047000 } from '../../command-side/command-side.migrations';
import { CreateRequestFingerprints1763800046000 } from '../../command-side/request-fingerprints';
import { eventStoreMigrations } from '../../event-store/postgres/migrations';
import { CreateIdentityAndDirectory1763800003000 } from '../../identity/identity.migrations';
import { CreateRateLimitsAndServerSecrets1763800160000 } from '../../identity/rate-limits.migrations';
import { MailOutboxDedupeKeys1763800045000 } from '../../mail/mail.migrations';
import {
  BankAccountIdempotencyKeys1763800032000,
  CreateBankAccounts1763800009000,
  CreateSandboxAchSubmissions1763800044000,
} from '../../payments/payments.migrations';
import { CreateWebhooks1763800300200 } from '../../webhooks';

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
  CreateWebhooks1763800300200,
];

export const allEntities: EntityClass[] = [...projectionEntities];
