import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: a session gets a new token at every step-up, factor, email, password or own role
 * change. The hash of a token replaced in the last minutes is kept here so a request the browser
 * had in flight with it is told "renewed, try again" (401 session_rotated) instead of being
 * answered as nobody's; it authenticates nothing.
 */
export class RememberRotatedSessions1763800900350 implements MigrationInterface {
  name = 'RememberRotatedSessions1763800900350';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE session_rotations (
        token_hash bytea       PRIMARY KEY,
        user_id    integer     NOT NULL REFERENCES users ON DELETE CASCADE,
        rotated_at timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`CREATE INDEX session_rotations_rotated_at_idx ON session_rotations (rotated_at)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE session_rotations');
  }
}
