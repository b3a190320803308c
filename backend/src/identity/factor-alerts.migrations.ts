import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: a factor added to an account is mailed at once with a "this wasn't me" link
 * (factor_alerts: the link's hash, the exact factor it names, single use, 30 days); using it
 * makes the next login wait for a password reset (password_resets_required).
 */
export class AddFactorAlerts1763803500000 implements MigrationInterface {
  name = 'AddFactorAlerts1763803500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE factor_alerts (
        code_hash   bytea       PRIMARY KEY,
        user_id     integer     NOT NULL REFERENCES users ON DELETE CASCADE,
        factor      text        NOT NULL CHECK (factor IN ('passkey', 'totp', 'recovery_codes')),
        passkey_id  integer     NULL,
        factor_name text        NULL,
        factor_at   timestamptz NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        expires_at  timestamptz NOT NULL,
        used_at     timestamptz NULL
      )`);
    await q.query(`CREATE INDEX factor_alerts_user_idx ON factor_alerts (user_id)`);
    await q.query(`
      CREATE TABLE password_resets_required (
        user_id integer     PRIMARY KEY REFERENCES users ON DELETE CASCADE,
        since   timestamptz NOT NULL DEFAULT now()
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE password_resets_required');
    await q.query('DROP TABLE factor_alerts');
  }
}
