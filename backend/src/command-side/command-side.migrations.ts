import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * What the command side needs besides the event store: id sequences for the things commands
 * create, and the idempotency keys of creating requests (whose ids would otherwise differ on a
 * retry, so the event ids derived from the key could not catch the repeat).
 */
export class CreateEscrowCommandSide1763800008000 implements MigrationInterface {
  name = 'CreateEscrowCommandSide1763800008000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE milestone_version_id_seq START 5000');
    await q.query('CREATE SEQUENCE milestone_payee_id_seq START 70000');
    await q.query('CREATE SEQUENCE deposit_id_seq START 300');
    await q.query('CREATE SEQUENCE dispute_id_seq START 40');
    await q.query(`
      CREATE TABLE idempotent_creations (
        scope       text        NOT NULL,
        key         text        NOT NULL,
        created_id  integer     NOT NULL,
        created_at  timestamptz NOT NULL DEFAULT now(),
        PRIMARY KEY (scope, key)
      )`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE idempotent_creations');
    for (const s of ['dispute_id_seq', 'deposit_id_seq', 'milestone_payee_id_seq', 'milestone_version_id_seq']) await q.query(`DROP SEQUENCE ${s}`);
  }
}

/**
 * A session left idle inside a transaction holds the read horizon of the whole cluster, and with
 * it every reader of the global order: such sessions end after a minute, on every connection the
 * app (or anyone) opens to this database.
 */
export class IdleTransactionsEnd1763800047000 implements MigrationInterface {
  name = 'IdleTransactionsEnd1763800047000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '60s'); END $$`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DO $$ BEGIN EXECUTE format('ALTER DATABASE %I RESET idle_in_transaction_session_timeout', current_database()); END $$`);
  }
}

/** Ids of schedule-of-values versions and change orders (progress billing, issue 38). */
export class CreateBillingIdSequence1763803838000 implements MigrationInterface {
  name = 'CreateBillingIdSequence1763803838000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('CREATE SEQUENCE billing_id_seq START 800');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP SEQUENCE billing_id_seq');
  }
}
