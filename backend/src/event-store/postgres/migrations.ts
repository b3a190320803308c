import type { MigrationClass } from '@escrow/projections';
import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The append-only events table. The global order is (transaction_id, global_position): readers
 * only read below the oldest running transaction, so an event that commits late is never skipped.
 */
export class CreateEventsTable1763800000000 implements MigrationInterface {
  name = 'CreateEventsTable1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE events (
        global_position bigint GENERATED ALWAYS AS IDENTITY,
        transaction_id  xid8        NOT NULL DEFAULT pg_current_xact_id(),
        stream_id       text        NOT NULL,
        stream_revision integer     NOT NULL CHECK (stream_revision >= 0),
        event_id        uuid        NOT NULL,
        type            text        NOT NULL,
        schema_version  integer     NOT NULL DEFAULT 1,
        data            jsonb       NOT NULL,
        metadata        jsonb       NOT NULL,
        recorded_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
        CONSTRAINT events_stream_revision_pk PRIMARY KEY (stream_id, stream_revision),
        CONSTRAINT events_event_id_key UNIQUE (event_id)
      )`);
    await q.query(`CREATE INDEX events_global_order_idx ON events (transaction_id, global_position)`);
    // The ledger is append-only: refuse changes to stored events at the database level too.
    await q.query(`
      CREATE FUNCTION events_are_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        RAISE EXCEPTION 'events are immutable: % refused', TG_OP USING ERRCODE = '42501';
      END $$`);
    await q.query(`
      CREATE TRIGGER events_no_update_or_delete BEFORE UPDATE OR DELETE ON events
      FOR EACH ROW EXECUTE FUNCTION events_are_immutable()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE events');
    await q.query('DROP FUNCTION events_are_immutable()');
  }
}

export const eventStoreMigrations: MigrationClass[] = [CreateEventsTable1763800000000];
