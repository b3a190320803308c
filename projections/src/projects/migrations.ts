import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateJobsReadModel1763800002000 implements MigrationInterface {
  name = 'CreateJobsReadModel1763800002000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE jobs (
        job_id             integer     PRIMARY KEY,
        customer_id        integer     NOT NULL,
        primary_company_id integer     NULL,
        service            text        NOT NULL,
        customer_initiated boolean     NOT NULL,
        is_draft           boolean     NOT NULL DEFAULT true,
        created_by         integer     NOT NULL,
        created_at         timestamptz NOT NULL,
        updated_at         timestamptz NOT NULL
      )`);
    await q.query('CREATE INDEX jobs_customer_idx ON jobs (customer_id)');
    await q.query('CREATE INDEX jobs_primary_company_idx ON jobs (primary_company_id)');
    // Job ids are handed out before the JobDraftCreated event exists, so they come from a sequence.
    await q.query('CREATE SEQUENCE job_id_seq START 1000');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP SEQUENCE job_id_seq');
    await q.query('DROP TABLE jobs');
  }
}

/** The project's folded state, its submission and its agreement signatures. */
export class ExtendJobsReadModel1763800005000 implements MigrationInterface {
  name = 'ExtendJobsReadModel1763800005000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE jobs
      ADD COLUMN state jsonb NOT NULL DEFAULT '{}'::jsonb,
      ADD COLUMN submitted_at timestamptz NULL,
      ADD COLUMN customer_signed_at timestamptz NULL,
      ADD COLUMN company_signed_at timestamptz NULL`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE jobs DROP COLUMN state, DROP COLUMN submitted_at, DROP COLUMN customer_signed_at, DROP COLUMN company_signed_at');
  }
}

/** Discarded drafts stay in the read model (their events stay in the store) but are shown to nobody. */
export class JobsDiscardedDrafts1763800041000 implements MigrationInterface {
  name = 'JobsDiscardedDrafts1763800041000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE jobs ADD COLUMN discarded_at timestamptz NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE jobs DROP COLUMN discarded_at');
  }
}

/** The project's terms (issue 17): the retainage percentage and the job site's state new milestone versions take. */
export class JobsProjectTerms1763800201000 implements MigrationInterface {
  name = 'JobsProjectTerms1763800201000';

  async up(q: QueryRunner): Promise<void> {
    await q.query("ALTER TABLE jobs ADD COLUMN retainage_percent numeric(5,2) NOT NULL DEFAULT '0', ADD COLUMN site_state text NULL");
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE jobs DROP COLUMN retainage_percent, DROP COLUMN site_state');
  }
}
