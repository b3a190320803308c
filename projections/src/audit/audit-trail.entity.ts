import { Column, Entity, Index, PrimaryColumn } from 'typeorm';

import { POSITION } from '../shared/entity-columns';

/** Who did what to a project, one row per event. Written only by AuditTrailProjector. */
@Entity({ name: 'audit_trail' })
@Index('audit_trail_job_idx', ['jobId', 'commitPosition', 'preparePosition'])
@Index('audit_trail_milestone_idx', ['originalId', 'commitPosition', 'preparePosition'])
export class AuditTrailRow {
  @PrimaryColumn({ name: 'event_id', type: 'uuid', primaryKeyConstraintName: 'audit_trail_pkey' })
  eventId!: string;

  @Column({ type: 'text' })
  position!: string;

  @Column({ name: 'commit_position', ...POSITION })
  commitPosition!: string;

  @Column({ name: 'prepare_position', ...POSITION })
  preparePosition!: string;

  @Column({ name: 'stream_id', type: 'text' })
  streamId!: string;

  @Column({ name: 'job_id', type: 'integer' })
  jobId!: number;

  @Column({ name: 'original_id', type: 'integer', nullable: true })
  originalId!: number | null;

  @Column({ type: 'text' })
  type!: string;

  @Column({ name: 'actor_id', type: 'integer', nullable: true })
  actorId!: number | null;

  @Column({ name: 'actor_role', type: 'text', nullable: true })
  actorRole!: string | null;

  @Column({ name: 'occurred_at', type: 'timestamptz' })
  occurredAt!: Date;

  @Column({ name: 'recorded_at', type: 'timestamptz' })
  recordedAt!: Date;

  @Column({ type: 'jsonb' })
  data!: unknown;
}
