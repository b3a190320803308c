import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The progress-billing read models (issue 38): the schedule's folded state, the pay applications and their G703 rows. */
export class CreateBillingReadModels1763803838100 implements MigrationInterface {
  name = 'CreateBillingReadModels1763803838100';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE billing_schedules (
        job_id             integer       NOT NULL,
        state              jsonb         NOT NULL,
        current_version_id integer       NULL,
        contract_sum       numeric(20,2) NULL,
        updated_at         timestamptz   NOT NULL,
        CONSTRAINT billing_schedules_pkey PRIMARY KEY (job_id)
      )`);
    await q.query(`
      CREATE TABLE pay_applications (
        job_id              integer       NOT NULL,
        application_number  integer       NOT NULL,
        revision            integer       NOT NULL,
        period_to           text          NOT NULL,
        status              text          NOT NULL,
        current_payment_due numeric(20,2) NOT NULL,
        total_retainage     numeric(20,2) NOT NULL,
        submitted_at        timestamptz   NOT NULL,
        certified_at        timestamptz   NULL,
        accepted_at         timestamptz   NULL,
        CONSTRAINT pay_applications_pkey PRIMARY KEY (job_id, application_number)
      )`);
    await q.query(`
      CREATE TABLE pay_application_lines (
        job_id               integer       NOT NULL,
        application_number   integer       NOT NULL,
        line                 text          NOT NULL,
        payee_id             integer       NOT NULL,
        scheduled_value      numeric(20,2) NOT NULL,
        previous             numeric(20,2) NOT NULL,
        this_period          numeric(20,2) NOT NULL,
        stored_materials     numeric(20,2) NOT NULL,
        completed_and_stored numeric(20,2) NOT NULL,
        retainage            numeric(20,2) NOT NULL,
        current_payment_due  numeric(20,2) NOT NULL,
        decision             text          NULL,
        CONSTRAINT pay_application_lines_pkey PRIMARY KEY (job_id, application_number, line)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE pay_application_lines');
    await q.query('DROP TABLE pay_applications');
    await q.query('DROP TABLE billing_schedules');
  }
}

/** What each pay application's period billed and certified (G702 line 4's growth), for the admin reports; the projector's version 2 fills them. */
export class PayApplicationsPeriodFigures1763804300000 implements MigrationInterface {
  name = 'PayApplicationsPeriodFigures1763804300000';

  async up(q: QueryRunner): Promise<void> {
    // The default only fills the rows there are; the projector's version 2 rebuilds them with their figures.
    await q.query(
      `ALTER TABLE pay_applications ADD COLUMN billed_this_period numeric(20,2) NOT NULL DEFAULT 0, ADD COLUMN certified_this_period numeric(20,2) NULL`,
    );
    await q.query('ALTER TABLE pay_applications ALTER COLUMN billed_this_period DROP DEFAULT');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE pay_applications DROP COLUMN certified_this_period, DROP COLUMN billed_this_period');
  }
}
