import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 38: the buyer invites a certifier by email. The address and the link's hash live here,
 * never in an event; the billing stream says whether an invitation still works. No foreign key to
 * the project: projects are event sourced (`jobs` is a read model that a rebuild replaces).
 */
export class AddCertifierInvitations1763900000000 implements MigrationInterface {
  name = 'AddCertifierInvitations1763900000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE certifier_invitations (
        invitation_id uuid        PRIMARY KEY,
        job_id        integer     NOT NULL,
        email         text        NOT NULL CHECK (email = lower(email)),
        code_hash     bytea       NOT NULL,
        invited_by    integer     NULL REFERENCES users ON DELETE SET NULL,
        sent_at       timestamptz NOT NULL,
        expires_at    timestamptz NOT NULL,
        status        text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted')),
        CONSTRAINT certifier_invitations_code_hash_key UNIQUE (code_hash)
      )`);
    await q.query(`CREATE INDEX certifier_invitations_job_idx ON certifier_invitations (job_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE certifier_invitations');
  }
}

/** Issue 38: the buyer withdraws a pending certifier invitation; the row's status follows the stream. */
export class AllowRevokedCertifierInvitations1763900000001 implements MigrationInterface {
  name = 'AllowRevokedCertifierInvitations1763900000001';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certifier_invitations DROP CONSTRAINT certifier_invitations_status_check`);
    await q.query(`ALTER TABLE certifier_invitations ADD CONSTRAINT certifier_invitations_status_check CHECK (status IN ('pending', 'accepted', 'revoked'))`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE certifier_invitations DROP CONSTRAINT certifier_invitations_status_check`);
    await q.query(`ALTER TABLE certifier_invitations ADD CONSTRAINT certifier_invitations_status_check CHECK (status IN ('pending', 'accepted'))`);
  }
}
