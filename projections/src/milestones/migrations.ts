import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Read models of the milestone streams. `milestones.state` is the folded domain state (the
 * read side answers with the same rules the deciders use); the other tables lay its parts out
 * for lists, filters and reports. Natural keys only and no foreign keys, so rebuilds can copy them.
 */
export class CreateMilestoneReadModels1763800004000 implements MigrationInterface {
  name = 'CreateMilestoneReadModels1763800004000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE milestones (
        original_id        integer       PRIMARY KEY,
        job_id             integer       NOT NULL,
        state              jsonb         NOT NULL,
        status             text          NOT NULL,
        current_m_id       integer       NULL,
        head_m_id          integer       NOT NULL,
        position           integer       NOT NULL,
        title              text          NOT NULL,
        locked             boolean       NOT NULL,
        deposit_total      numeric(14,2) NOT NULL,
        deposit_sum        numeric(14,2) NOT NULL,
        deposit_pending    numeric(14,2) NOT NULL,
        disbursed          numeric(14,2) NOT NULL,
        paid_out           numeric(14,2) NOT NULL,
        fees               numeric(14,2) NOT NULL,
        refunded           numeric(14,2) NOT NULL,
        held               numeric(14,2) NOT NULL CHECK (held >= 0),
        customer_completed boolean       NOT NULL,
        company_completed  boolean       NOT NULL,
        response_deadline  timestamptz   NULL,
        created_at         timestamptz   NOT NULL,
        agreed_at          timestamptz   NULL,
        funded_at          timestamptz   NULL,
        completed_at       timestamptz   NULL,
        updated_at         timestamptz   NOT NULL
      )`);
    await q.query('CREATE INDEX milestones_job_idx ON milestones (job_id, position, original_id)');
    await q.query('CREATE INDEX milestones_status_idx ON milestones (status)');
    await q.query(`
      CREATE TABLE milestone_versions (
        m_id             integer       PRIMARY KEY,
        original_id      integer       NOT NULL,
        job_id           integer       NOT NULL,
        is_original      boolean       NOT NULL,
        title            text          NOT NULL,
        definition       text          NOT NULL,
        position         integer       NOT NULL,
        author_id        integer       NOT NULL,
        author_party     text          NOT NULL,
        status           text          NOT NULL,
        customer_approval text         NOT NULL,
        company_approval text          NOT NULL,
        amount           numeric(14,2) NOT NULL,
        fee_total        numeric(14,2) NOT NULL,
        deposit_total    numeric(14,2) NOT NULL,
        created_at       timestamptz   NOT NULL,
        agreed_at        timestamptz   NULL
      )`);
    await q.query('CREATE INDEX milestone_versions_original_idx ON milestone_versions (original_id, m_id)');
    await q.query(`
      CREATE TABLE milestone_payees (
        mp_id          integer       PRIMARY KEY,
        m_id           integer       NOT NULL,
        original_id    integer       NOT NULL,
        job_id         integer       NOT NULL,
        company_id     integer       NOT NULL,
        type           text          NOT NULL,
        percent_decimal numeric(7,6) NULL,
        amount         numeric(14,2) NOT NULL,
        include_fee    boolean       NOT NULL,
        fee            numeric(14,2) NOT NULL,
        net            numeric(14,2) NOT NULL,
        buyer_owes     numeric(14,2) NOT NULL
      )`);
    await q.query('CREATE INDEX milestone_payees_version_idx ON milestone_payees (m_id)');
    await q.query('CREATE INDEX milestone_payees_original_idx ON milestone_payees (original_id)');
    await q.query('CREATE INDEX milestone_payees_company_idx ON milestone_payees (company_id)');
    await q.query(`
      CREATE TABLE milestone_deposits (
        md_id          integer       PRIMARY KEY,
        original_id    integer       NOT NULL,
        m_id           integer       NOT NULL,
        job_id         integer       NOT NULL,
        amount         numeric(14,2) NOT NULL,
        status         text          NOT NULL,
        requested_by   integer       NOT NULL,
        bank_last4     text          NULL,
        created_at     timestamptz   NOT NULL,
        settled_at     timestamptz   NULL,
        failure_reason text          NULL
      )`);
    await q.query('CREATE INDEX milestone_deposits_original_idx ON milestone_deposits (original_id)');
    await q.query('CREATE INDEX milestone_deposits_created_idx ON milestone_deposits (created_at)');
    await q.query(`
      CREATE TABLE milestone_disbursements (
        disbursement_id integer       PRIMARY KEY,
        original_id     integer       NOT NULL,
        job_id          integer       NOT NULL,
        mp_id           integer       NOT NULL,
        company_id      integer       NOT NULL,
        amount          numeric(14,2) NOT NULL,
        fee             numeric(14,2) NOT NULL,
        status          text          NOT NULL,
        cause           text          NOT NULL,
        created_at      timestamptz   NOT NULL,
        paid_at         timestamptz   NULL
      )`);
    await q.query('CREATE INDEX milestone_disbursements_original_idx ON milestone_disbursements (original_id)');
    await q.query('CREATE INDEX milestone_disbursements_company_idx ON milestone_disbursements (company_id)');
    await q.query(`
      CREATE TABLE milestone_refunds (
        refund_id   integer       PRIMARY KEY,
        original_id integer       NOT NULL,
        job_id      integer       NOT NULL,
        amount      numeric(14,2) NOT NULL,
        reason      text          NOT NULL,
        status      text          NOT NULL,
        created_at  timestamptz   NOT NULL,
        paid_at     timestamptz   NULL
      )`);
    await q.query(`
      CREATE TABLE milestone_disputes (
        dispute_id      integer       PRIMARY KEY,
        original_id     integer       NOT NULL,
        job_id          integer       NOT NULL,
        opened_by       integer       NOT NULL,
        opened_party    text          NOT NULL,
        statement       text          NOT NULL,
        opened_at       timestamptz   NOT NULL,
        response_by     integer       NULL,
        response        text          NULL,
        responded_at    timestamptz   NULL,
        status          text          NOT NULL,
        resolution      text          NULL,
        release_amount  numeric(14,2) NULL,
        refund_amount   numeric(14,2) NULL,
        note            text          NULL,
        resolved_by     integer       NULL,
        resolved_at     timestamptz   NULL
      )`);
    await q.query('CREATE INDEX milestone_disputes_status_idx ON milestone_disputes (status, opened_at)');
  }

  async down(q: QueryRunner): Promise<void> {
    for (const t of [
      'milestone_disputes',
      'milestone_refunds',
      'milestone_disbursements',
      'milestone_deposits',
      'milestone_payees',
      'milestone_versions',
      'milestones',
    ]) {
      await q.query(`DROP TABLE ${t}`);
    }
  }
}
