import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Counters every API process shares (rate-limiter-flexible's PostgreSQL store, one row per key,
 * updated by one atomic upsert), and secrets the processes must agree on (the device-cookie
 * key). Keys are text, not the library's varchar(255): an email of 254 characters plus a prefix
 * must fit.
 */
export class CreateRateLimitsAndServerSecrets1763800160000 implements MigrationInterface {
  name = 'CreateRateLimitsAndServerSecrets1763800160000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE rate_limits (
        key    text    PRIMARY KEY,
        points integer NOT NULL DEFAULT 0,
        expire bigint  NULL
      )`);
    await q.query(`
      CREATE TABLE server_secrets (
        name       text        PRIMARY KEY,
        value      bytea       NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE server_secrets');
    await q.query('DROP TABLE rate_limits');
  }
}
