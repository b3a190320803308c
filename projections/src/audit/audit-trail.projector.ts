import { MILESTONE_EVENT_TYPES, PROJECT_EVENT_TYPES, type RecordedEvent } from '@escrow/domain';

import type { ProjectionContext, Projector } from '../runner/projector';
import { actorIdOf, jobIdOf } from '../shared/event-context';
import { columns } from '../shared/folded-state';

/** Every event of every project, with who did it and when: the audit history. */
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  /** 2: old proposals and disbursements are stored as their upcasters read them (retainage 0, no waivers). */
  readonly version = 2;
  readonly tables = ['audit_trail'] as const;
  readonly handles = [...PROJECT_EVENT_TYPES, ...MILESTONE_EVENT_TYPES];

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await context.query(
      `INSERT INTO ${context.table('audit_trail')}
         (event_id, position, commit_position, prepare_position, stream_id, job_id, original_id, type, actor_id, actor_role, occurred_at, recorded_at, data)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::numeric[], $4::numeric[], $5::text[], $6::int[], $7::int[], $8::text[], $9::int[], $10::text[],
          $11::timestamptz[], $12::timestamptz[], $13::jsonb[])`,
      columns(events, (e) => [
        e.id,
        `${e.position.commit}/${e.position.prepare}`,
        e.position.commit.toString(),
        e.position.prepare.toString(),
        e.streamId,
        jobIdOf(e),
        (e.data as { originalId?: number }).originalId ?? null,
        e.type,
        actorIdOf(e),
        e.metadata.actorRole,
        e.metadata.occurredAt,
        e.recordedAt,
        JSON.stringify(e.data),
      ]),
    );
  }
}
