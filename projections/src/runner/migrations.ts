import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Bookkeeping of the projection runner: checkpoints, dead letters and rebuild runs. */
export class CreateProjectionRunnerTables1763800001000 implements MigrationInterface {
  name = 'CreateProjectionRunnerTables1763800001000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE projection_checkpoints (
        name             text PRIMARY KEY,
        version          integer     NOT NULL,
        commit_position  numeric(20) NULL,
        prepare_position numeric(20) NULL,
        state            text        NOT NULL DEFAULT 'running' CHECK (state IN ('running', 'stopped', 'rebuilding')),
        events_applied   bigint      NOT NULL DEFAULT 0,
        last_event_at    timestamptz NULL,
        error            text        NULL,
        failed_event_id  uuid        NULL,
        updated_at       timestamptz NOT NULL DEFAULT now()
      )`);
    await q.query(`
      CREATE TABLE projection_dead_letters (
        id           bigserial PRIMARY KEY,
        projector    text        NOT NULL,
        event_id     uuid        NOT NULL,
        stream_id    text        NOT NULL,
        position     text        NOT NULL,
        type         text        NOT NULL,
        data         jsonb       NOT NULL,
        error        text        NOT NULL,
        failed_at    timestamptz NOT NULL DEFAULT now(),
        resolved_at  timestamptz NULL
      )`);
    await q.query(`CREATE INDEX projection_dead_letters_open_idx ON projection_dead_letters (projector) WHERE resolved_at IS NULL`);
    await q.query(`
      CREATE TABLE projection_rebuilds (
        id            bigserial PRIMARY KEY,
        projector     text        NOT NULL,
        version       integer     NOT NULL,
        state         text        NOT NULL CHECK (state IN ('running', 'finished', 'failed')),
        events_total  bigint      NULL,
        events_done   bigint      NOT NULL DEFAULT 0,
        started_at    timestamptz NOT NULL DEFAULT now(),
        heartbeat_at  timestamptz NOT NULL DEFAULT now(),
        finished_at   timestamptz NULL,
        error         text        NULL
      )`);
    await q.query(`CREATE INDEX projection_rebuilds_projector_idx ON projection_rebuilds (projector, started_at DESC)`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('DROP TABLE projection_rebuilds');
    await q.query('DROP TABLE projection_dead_letters');
    await q.query('DROP TABLE projection_checkpoints');
  }
}

/** What a rebuild found when it compared its fresh tables with the live ones (see rebuild.ts). */
export class AddRebuildComparison1763800031000 implements MigrationInterface {
  name = 'AddRebuildComparison1763800031000';

  async up(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE projection_rebuilds ADD COLUMN comparison jsonb NULL');
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query('ALTER TABLE projection_rebuilds DROP COLUMN comparison');
  }
}
