import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The lien waiver texts that were signed or issued. LienWaiverSigned and LienWaiverIssued record
 * the name and the SHA-256; the text names people (the owner), so it lives here, where an account
 * deletion can reach it, with the name the signer typed. Not a read model: never rebuilt.
 */
export class CreateLienWaivers1763800203000 implements MigrationInterface {
  name = 'CreateLienWaivers1763800203000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE lien_waivers (
        waiver_name text        PRIMARY KEY,
        job_id      integer     NOT NULL,
        original_id integer     NOT NULL,
        payment     text        NOT NULL CHECK (payment IN ('disbursement', 'retainage')),
        mp_id       integer     NOT NULL,
        company_id  integer     NOT NULL,
        kind        text        NOT NULL CHECK (kind IN ('conditional', 'unconditional')),
        amount      numeric(20,2) NOT NULL,
        site_state  text        NOT NULL,
        waiver_hash text        NOT NULL,
        body        text        NOT NULL,
        signed_by   integer     NULL,
        signed_name text        NULL,
        created_at  timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX lien_waivers_job_idx ON lien_waivers (job_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE lien_waivers');
  }
}

/**
 * A progress-billed project's payouts exchange the same waivers (docs/progress-billing.md#lien-waivers):
 * `progress_payment` for a pay application's payout, `progress_retainage` for a retainage
 * release's, with the project as original_id and the payout as mp_id.
 */
export class AllowBillingLienWaivers1763900500000 implements MigrationInterface {
  name = 'AllowBillingLienWaivers1763900500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE lien_waivers DROP CONSTRAINT lien_waivers_payment_check');
    await q.query(
      "ALTER TABLE lien_waivers ADD CONSTRAINT lien_waivers_payment_check CHECK (payment IN ('disbursement', 'retainage', 'progress_payment', 'progress_retainage'))",
    );
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query("DELETE FROM lien_waivers WHERE payment IN ('progress_payment', 'progress_retainage')");
    await q.query('ALTER TABLE lien_waivers DROP CONSTRAINT lien_waivers_payment_check');
    await q.query("ALTER TABLE lien_waivers ADD CONSTRAINT lien_waivers_payment_check CHECK (payment IN ('disbursement', 'retainage'))");
  }
}
