import { chainHash, contentHashBytes, GENESIS_HASH, type MigrationClass } from '@escrow/projections';
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

const BACKFILL_BATCH = 2000;

/**
 * The hash chain (docs/architecture.md, "The hash chain"): every event gets its content hash, the
 * hash of its stream's previous event and its own hash; new events get them in the append. The
 * existing events are hashed here, stream by stream in revision order, in this migration's one
 * transaction: the immutability trigger is disabled only inside it (ALTER TABLE is
 * transactional, and its lock holds every append back until the commit), so a failure leaves the
 * trigger and the table as they were. Costs a rewrite of every row (about a minute per million
 * events on the build machine); VACUUM events afterwards on a large table.
 */
export class EventHashChain1763800300000 implements MigrationInterface {
  name = 'EventHashChain1763800300000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE events ADD COLUMN content_hash bytea NULL, ADD COLUMN previous_hash bytea NULL, ADD COLUMN hash bytea NULL');
    await q.query('ALTER TABLE events DISABLE TRIGGER events_no_update_or_delete');
    let after: { stream: string; revision: number } | null = null;
    let stream: string | null = null;
    let previous = GENESIS_HASH;
    for (;;) {
      const rows: { stream_id: string; stream_revision: number; event_id: string; type: string; data: unknown; metadata: unknown }[] = await q.query(
        `SELECT stream_id, stream_revision, event_id, type, data, metadata FROM events
          WHERE ($1::text IS NULL OR (stream_id, stream_revision) > ($1::text, $2::int))
          ORDER BY stream_id, stream_revision LIMIT ${BACKFILL_BATCH}`,
        [after?.stream ?? null, after?.revision ?? 0],
      );
      if (rows.length === 0) break;
      const updates = rows.map((row) => {
        if (row.stream_id !== stream) {
          stream = row.stream_id;
          previous = GENESIS_HASH;
        }
        const content = contentHashBytes({ streamId: row.stream_id, id: row.event_id, type: row.type, data: row.data, metadata: row.metadata }).toString('hex');
        const hash = chainHash(previous, content);
        const update = { stream: row.stream_id, revision: row.stream_revision, content, previous, hash };
        previous = hash;
        return update;
      });
      await q.query(
        `UPDATE events SET content_hash = decode(u.content, 'hex'), previous_hash = decode(u.previous, 'hex'), hash = decode(u.hash, 'hex')
           FROM unnest($1::text[], $2::int[], $3::text[], $4::text[], $5::text[]) AS u(stream, revision, content, previous, hash)
          WHERE events.stream_id = u.stream AND events.stream_revision = u.revision`,
        [
          updates.map((u) => u.stream),
          updates.map((u) => u.revision),
          updates.map((u) => u.content),
          updates.map((u) => u.previous),
          updates.map((u) => u.hash),
        ],
      );
      const last = rows[rows.length - 1]!;
      after = { stream: last.stream_id, revision: last.stream_revision };
    }
    await q.query('ALTER TABLE events ENABLE TRIGGER events_no_update_or_delete');
    await q.query(`
      ALTER TABLE events
        ALTER COLUMN content_hash SET NOT NULL, ALTER COLUMN previous_hash SET NOT NULL, ALTER COLUMN hash SET NOT NULL,
        ADD CONSTRAINT events_hashes_are_sha256 CHECK (octet_length(content_hash) = 32 AND octet_length(previous_hash) = 32 AND octet_length(hash) = 32)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE events DROP CONSTRAINT events_hashes_are_sha256, DROP COLUMN content_hash, DROP COLUMN previous_hash, DROP COLUMN hash');
  }
}

export const eventStoreMigrations: MigrationClass[] = [CreateEventsTable1763800000000, EventHashChain1763800300000];
