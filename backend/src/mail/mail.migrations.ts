import type { MigrationInterface, QueryRunner } from 'typeorm';

/** A mail that an event may cause twice (a repeated provider report) is kept and sent once per key. */
export class MailOutboxDedupeKeys1763800045000 implements MigrationInterface {
  name = 'MailOutboxDedupeKeys1763800045000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE mail_outbox ADD COLUMN dedupe_key text NULL');
    await q.query('CREATE UNIQUE INDEX mail_outbox_dedupe_idx ON mail_outbox (dedupe_key) WHERE dedupe_key IS NOT NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP INDEX mail_outbox_dedupe_idx');
    await q.query('ALTER TABLE mail_outbox DROP COLUMN dedupe_key');
  }
}
