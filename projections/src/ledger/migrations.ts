import type { MigrationInterface, QueryRunner } from 'typeorm';

export class CreateLedgerAndAudit1763800006000 implements MigrationInterface {
  name = 'CreateLedgerAndAudit1763800006000';

  async up(q: QueryRunner): Promise<void> {
    // Double-entry postings: each event's rows sum to zero (checked on insert by the projector's tests).
    await q.query(`
      CREATE TABLE ledger_entries (
        event_id     uuid          NOT NULL,
        line         smallint      NOT NULL,
        position     text          NOT NULL,
        commit_position  numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        job_id       integer       NOT NULL,
        original_id  integer       NOT NULL,
        account      text          NOT NULL,
        company_id   integer       NULL,
        amount       numeric(14,2) NOT NULL,
        event_type   text          NOT NULL,
        occurred_at  timestamptz   NOT NULL,
        PRIMARY KEY (event_id, line)
      )`);
    await q.query('CREATE INDEX ledger_entries_order_idx ON ledger_entries (commit_position, prepare_position, line)');
    await q.query('CREATE INDEX ledger_entries_milestone_idx ON ledger_entries (original_id)');
    await q.query('CREATE INDEX ledger_entries_job_idx ON ledger_entries (job_id)');
    await q.query('CREATE INDEX ledger_entries_account_idx ON ledger_entries (account, occurred_at)');
    await q.query(`
      CREATE TABLE audit_trail (
        event_id     uuid        PRIMARY KEY,
        position     text        NOT NULL,
        commit_position  numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        stream_id    text        NOT NULL,
        job_id       integer     NOT NULL,
        original_id  integer     NULL,
        type         text        NOT NULL,
        actor_id     integer     NULL,
        actor_role   text        NULL,
        occurred_at  timestamptz NOT NULL,
        recorded_at  timestamptz NOT NULL,
        data         jsonb       NOT NULL
      )`);
    await q.query('CREATE INDEX audit_trail_job_idx ON audit_trail (job_id, commit_position, prepare_position)');
    await q.query('CREATE INDEX audit_trail_milestone_idx ON audit_trail (original_id, commit_position, prepare_position)');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE audit_trail');
    await q.query('DROP TABLE ledger_entries');
  }
}

/**
 * The project history reads the event store itself (its own stream and its milestones' streams):
 * a copy of every event in `audit_trail` cost every command a projector transaction and every
 * rebuild a row per event, and could only ever lag behind the ledger it copied.
 */
export class DropAuditTrail1763800500000 implements MigrationInterface {
  name = 'DropAuditTrail1763800500000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE IF EXISTS audit_trail__rebuild');
    await q.query('DROP TABLE IF EXISTS audit_trail');
    for (const table of [
      'projection_checkpoints WHERE name',
      'projection_dead_letters WHERE projector',
      'projection_parked_streams WHERE projector',
      'projection_rebuilds WHERE projector',
    ])
      await q.query(`DELETE FROM ${table} = 'audit-trail'`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE audit_trail (
        event_id     uuid        PRIMARY KEY,
        position     text        NOT NULL,
        commit_position  numeric(20) NOT NULL,
        prepare_position numeric(20) NOT NULL,
        stream_id    text        NOT NULL,
        job_id       integer     NOT NULL,
        original_id  integer     NULL,
        type         text        NOT NULL,
        actor_id     integer     NULL,
        actor_role   text        NULL,
        occurred_at  timestamptz NOT NULL,
        recorded_at  timestamptz NOT NULL,
        data         jsonb       NOT NULL
      )`);
    await q.query('CREATE INDEX audit_trail_job_idx ON audit_trail (job_id, commit_position, prepare_position)');
    await q.query('CREATE INDEX audit_trail_milestone_idx ON audit_trail (original_id, commit_position, prepare_position)');
  }
}

/** Ledger postings of a payout name the account it went to (issue 25); older postings stay null. */
export class LedgerEntriesNameThePaidAccount1763800632000 implements MigrationInterface {
  name = 'LedgerEntriesNameThePaidAccount1763800632000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE ledger_entries ADD COLUMN paid_to text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE ledger_entries DROP COLUMN paid_to');
  }
}

/**
 * Who caused each posting (issue 37): the event's actor (`actorId`, null for the system and the
 * payment provider) and, for a member of a company, their role then (`actorCompanyRole`), from the
 * event's metadata. The console's ledger names the person from the directory by the id.
 */
export class LedgerEntriesNameTheActor1763804200100 implements MigrationInterface {
  name = 'LedgerEntriesNameTheActor1763804200100';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE ledger_entries ADD COLUMN actor_id integer NULL, ADD COLUMN actor_company_role text NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE ledger_entries DROP COLUMN actor_id, DROP COLUMN actor_company_role');
  }
}
