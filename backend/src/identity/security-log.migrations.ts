import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 35: security-log rows written from events (bank-account changes) carry the event's id,
 * unique, so a writer following the events never records one twice. Adding a column changes no
 * row: the append-only trigger has nothing to refuse.
 */
export class SecurityLogEventIds1763803500050 implements MigrationInterface {
  name = 'SecurityLogEventIds1763803500050';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE security_log ADD event_id uuid NULL`);
    await q.query(`ALTER TABLE security_log ADD CONSTRAINT security_log_event_id_key UNIQUE (event_id)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`ALTER TABLE security_log DROP CONSTRAINT security_log_event_id_key`);
    await q.query(`ALTER TABLE security_log DROP COLUMN event_id`);
  }
}
