import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Client } from 'pg';

import { runtimeUrlOf } from '../../../testing/test-database';
import { embeddedPostgresBinaryDir, letPostgresUserReach } from '../../src/infrastructure/database/postgres-access';
import { TEST_SECOND_FACTOR_SECRETS_KEY } from '../support/http-session';
import { builtEntry, ChildRun, freePort, REPO_ROOT } from './child-process';

/** A PostgreSQL cluster of the test's own (not the shared jest one), which it may stop and start. */
export class OwnPostgres {
  private server: ChildRun | null = null;

  private constructor(
    readonly dir: string,
    readonly port: number,
  ) {}

  static async create(): Promise<OwnPostgres> {
    const dir = mkdtempSync(join(tmpdir(), 'escrow-rel-pg-'));
    letPostgresUserReach(dir, embeddedPostgresBinaryDir() ?? dir);
    const pg = new OwnPostgres(dir, await freePort());
    await pg.start();
    const admin = new Client({ connectionString: pg.url('postgres') });
    await admin.connect();
    await admin.query('CREATE DATABASE escrow');
    await admin.end();
    return pg;
  }

  url(database = 'escrow'): string {
    return `postgres://postgres:postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start(): Promise<void> {
    this.server = new ChildRun(join(REPO_ROOT, 'testing', 'embedded-postgres-process.mjs'), [join(this.dir, 'data'), String(this.port)], {}, /postgres ready/);
    await this.server.ready;
  }

  /** A clean fast shutdown, as an operator's `pg_ctl stop -m fast`: sessions are cut, open transactions roll back. */
  async stop(): Promise<void> {
    await this.server?.stop(60_000);
    this.server = null;
  }

  async destroy(): Promise<void> {
    await this.stop();
    rmSync(this.dir, { recursive: true, force: true });
  }
}

/**
 * The two logins of a deployment (docs/operations.md, "Database logins"): `ownerUrl`'s migrates,
 * the API and the worker run as the runtime login it creates.
 */
const databaseLogins = (ownerUrl: string) => ({ DATABASE_URL: runtimeUrlOf(ownerUrl), DATABASE_MIGRATION_URL: ownerUrl });

/** The webhook secrets key of this test run's API processes. */
const RUN_WEBHOOK_SECRETS_KEY = randomBytes(32).toString('base64');

/** The built API (backend/dist/main.js) as its own process on a free port, on the database of `databaseUrl` (the owner's URL). */
export async function startApi(databaseUrl: string, env: Record<string, string> = {}): Promise<{ run: ChildRun; baseUrl: string }> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const run = new ChildRun(
    builtEntry('main.js'),
    [],
    {
      ...databaseLogins(databaseUrl),
      PORT: String(port),
      HOST: '127.0.0.1',
      SEED_DEMO_DATA: 'false',
      FRONTEND_DIST: '/nonexistent',
      PAYMENTS_SANDBOX_SETTLE_MS: '200',
      // One key for every API process of the run, none written into the repository's data folder.
      WEBHOOK_SECRETS_KEY: RUN_WEBHOOK_SECRETS_KEY,
      // The key createUser seals the TOTP secrets of test users with (admins get one).
      SECOND_FACTOR_SECRETS_KEY: TEST_SECOND_FACTOR_SECRETS_KEY.toString('base64'),
      // A run outlasts the 10-minute step-up window; step-up itself is tested in second-factors.e2e.spec.ts.
      STEP_UP_WINDOW: '86400',
      ...env,
    },
    /Escrow Ledger is serving/,
  );
  await run.ready;
  return { run, baseUrl: `http://127.0.0.1:${port}` };
}

/** The built projection worker (`npm run projections -- run`) as its own process, on the database of `databaseUrl` (the owner's URL). */
export async function startWorker(databaseUrl: string, env: Record<string, string> = {}): Promise<ChildRun> {
  const run = new ChildRun(builtEntry('projections-cli.js'), ['run'], { ...databaseLogins(databaseUrl), ...env }, /projection worker running/);
  await run.ready;
  return run;
}
