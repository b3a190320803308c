import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The texts that were signed. The ProjectAgreementSigned event records the hash and the contract
 * name; the text itself names people, so it lives here, where an account deletion can reach it.
 */
export class CreateSignedAgreements1763800010000 implements MigrationInterface {
  name = 'CreateSignedAgreements1763800010000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE signed_agreements (
        contract_name text        PRIMARY KEY,
        job_id        integer     NOT NULL,
        agreement_hash text       NOT NULL,
        body          text        NOT NULL,
        created_at    timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query('CREATE INDEX signed_agreements_job_idx ON signed_agreements (job_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE signed_agreements');
  }
}
