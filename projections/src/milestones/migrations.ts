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

/**
 * Retainage, lien waivers and the clock on held funds (issue 17): what each milestone holds in
 * retainage and in our custody, since when, the next date and who must act (`must_act`, the
 * domain's HeldFundsClock without the project's retainage step), each payee's retainage, and
 * every lien waiver the payments call for with its status (the admin's report of missing ones).
 */
export class RetainageAndWaiverReadModels1763800200000 implements MigrationInterface {
  name = 'RetainageAndWaiverReadModels1763800200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE milestones
      ADD COLUMN retainage_held numeric(20,2) NOT NULL DEFAULT '0' CHECK (retainage_held >= 0),
      ADD COLUMN in_custody     numeric(20,2) NOT NULL DEFAULT '0',
      ADD COLUMN held_since     timestamptz   NULL,
      ADD COLUMN next_date      timestamptz   NULL,
      ADD COLUMN next_date_kind text          NULL,
      ADD COLUMN must_act       jsonb         NOT NULL DEFAULT '[]'::jsonb,
      ADD COLUMN waivers_missing integer      NOT NULL DEFAULT 0`);
    await q.query('CREATE INDEX milestones_held_since_idx ON milestones (held_since) WHERE held_since IS NOT NULL');
    await q.query("ALTER TABLE milestone_payees ADD COLUMN retainage numeric(20,2) NOT NULL DEFAULT '0'");
    await q.query("ALTER TABLE milestone_disbursements ADD COLUMN retainage numeric(20,2) NOT NULL DEFAULT '0'");
    await q.query(`
      CREATE TABLE milestone_retainage (
        original_id   integer       NOT NULL,
        mp_id         integer       NOT NULL,
        job_id        integer       NOT NULL,
        company_id    integer       NOT NULL,
        withheld      numeric(20,2) NOT NULL,
        released      numeric(20,2) NOT NULL,
        refunded      numeric(20,2) NOT NULL,
        held          numeric(20,2) NOT NULL CHECK (held >= 0),
        release_status text         NULL,
        released_at   timestamptz   NULL,
        paid_at       timestamptz   NULL,
        PRIMARY KEY (original_id, mp_id)
      )`);
    await q.query('CREATE INDEX milestone_retainage_job_idx ON milestone_retainage (job_id)');
    await q.query(`
      CREATE TABLE milestone_waivers (
        original_id  integer       NOT NULL,
        payment      text          NOT NULL,
        mp_id        integer       NOT NULL,
        kind         text          NOT NULL,
        job_id       integer       NOT NULL,
        company_id   integer       NOT NULL,
        amount       numeric(20,2) NOT NULL,
        site_state   text          NOT NULL,
        status       text          NOT NULL CHECK (status IN ('missing', 'signed', 'issued')),
        due_since    timestamptz   NOT NULL,
        waiver_name  text          NULL,
        waiver_hash  text          NULL,
        signed_by    integer       NULL,
        signed_at    timestamptz   NULL,
        PRIMARY KEY (original_id, payment, mp_id, kind)
      )`);
    await q.query('CREATE INDEX milestone_waivers_status_idx ON milestone_waivers (status, due_since)');
    await q.query('CREATE INDEX milestone_waivers_company_idx ON milestone_waivers (company_id, status)');
    await q.query('CREATE INDEX milestone_waivers_job_idx ON milestone_waivers (job_id)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE milestone_waivers');
    await q.query('DROP TABLE milestone_retainage');
    await q.query('ALTER TABLE milestone_disbursements DROP COLUMN retainage');
    await q.query('ALTER TABLE milestone_payees DROP COLUMN retainage');
    await q.query(`ALTER TABLE milestones DROP COLUMN retainage_held, DROP COLUMN in_custody, DROP COLUMN held_since, DROP COLUMN next_date,
      DROP COLUMN next_date_kind, DROP COLUMN must_act, DROP COLUMN waivers_missing`);
  }
}

/**
 * Who of a company proposed each version (issue 37): the author's company role then, from the
 * proposal's metadata (`actorCompanyRole`); null for a buyer and for versions proposed before
 * roles were recorded. The milestones projector (version 4) rebuilds to fill it.
 */
export class MilestoneVersionAuthorRole1763804200000 implements MigrationInterface {
  name = 'MilestoneVersionAuthorRole1763804200000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE milestone_versions ADD COLUMN author_company_role text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE milestone_versions DROP COLUMN author_company_role');
  }
}
