import { generateKeyPairSync, randomBytes } from 'node:crypto';

import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { Pool } from 'pg';

import { createTestDatabase, type TestDatabase } from '../../../testing/test-database';
import { createApp, type CreateAppOptions, type RunningApp } from '../../src/bootstrap';
import { type AppConfig, loadConfig } from '../../src/config/app-config';
import { AfterTheAnswer } from '../../src/identity/after-the-answer';
import { allMigrations } from '../../src/schema';
import { TEST_SECOND_FACTOR_SECRETS_KEY } from './http-session';

export interface TestApp extends RunningApp {
  database: TestDatabase;
  http: NestFastifyApplication;
  /**
   * The owner's login on the app's database, for what a test does that the application's own
   * login (`db.pool`, the runtime login of production) may not: triggers that watch writes,
   * attempts to change the append-only tables that the triggers refuse. Opened on first use.
   */
  ownerPool(): Pool;
}

/** A fresh database with every migration applied, for tests that need no app. */
export function createMigratedTestDatabase(): Promise<TestDatabase> {
  return createTestDatabase(allMigrations);
}

/** Every test app signs audit bundles with this key (none is written to the data folder). */
export const TEST_AUDIT_KEY = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();

/** Every test app seals webhook secrets with this key (none is written to the data folder). */
const TEST_WEBHOOK_SECRETS_KEY = randomBytes(32);

/** The whole application on a fresh database of its own, silent unless `options` says where its logs go; call close() in afterAll. */
export async function createTestApp(overrides: Partial<AppConfig> = {}, options: CreateAppOptions = { logger: false }): Promise<TestApp> {
  const database = await createMigratedTestDatabase();
  const config: AppConfig = {
    ...loadConfig({}),
    // As in production: the application runs as a login of its own, the owner migrates.
    databaseUrl: database.runtimeUrl,
    databaseMigrationUrl: database.url,
    seedDemoData: false,
    paymentsSandboxSettleMs: 0,
    // Settled deposits clear at once unless a test is about the return window.
    paymentsReturnWindow: { unit: 'ms', ms: 0 },
    frontendDist: '/nonexistent',
    auditSigningKey: TEST_AUDIT_KEY,
    webhookSecretsKey: TEST_WEBHOOK_SECRETS_KEY,
    secondFactorSecretsKey: TEST_SECOND_FACTOR_SECRETS_KEY,
    // Test files share one PostgreSQL: a projector reads only below every transaction still open
    // in the cluster, so under make test's load it can trail a few seconds. A request waits this
    // long for its own earlier writes before answering 503 (read-your-writes.e2e tests the 503).
    readYourWritesTimeoutMs: 10_000,
    ...overrides,
  };
  const running = await createApp(config, options);
  let owner: Pool | null = null;
  return {
    ...running,
    database,
    http: running.app,
    ownerPool: () => (owner ??= new Pool({ connectionString: database.url, max: 3 })),
    close: async () => {
      await owner?.end();
      await running.close();
      await database.drop();
    },
  };
}

/**
 * Waits for what requests do after their answers (reset and verification mails, failed-login
 * records: issue 35), before a test reads them or fingerprints the state.
 */
export function afterAnswers(app: TestApp): Promise<void> {
  return app.http.get(AfterTheAnswer, { strict: false }).settled();
}
