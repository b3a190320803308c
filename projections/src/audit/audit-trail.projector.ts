import { MILESTONE_EVENT_TYPES, PROJECT_EVENT_TYPES, type RecordedEvent } from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/bulk-replay';
import type { ProjectionContext, Projector } from '../runner/projector';
import { actorIdOf, jobIdOf } from '../shared/event-context';
import { insertAll } from '../shared/folded-state';
import { rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

const auditRows: TableRows<RecordedEvent> = {
  table: 'audit_trail',
  columns: [
    ['event_id', 'uuid'],
    ['position', 'text'],
    ['commit_position', 'numeric'],
    ['prepare_position', 'numeric'],
    ['stream_id', 'text'],
    ['job_id', 'int'],
    ['original_id', 'int'],
    ['type', 'text'],
    ['actor_id', 'int'],
    ['actor_role', 'text'],
    ['occurred_at', 'timestamptz'],
    ['recorded_at', 'timestamptz'],
    ['data', 'jsonb'],
  ],
  row: (e) => [
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
  ],
};

/** Every event of every project, with who did it and when: the audit history. */
export class AuditTrailProjector implements Projector {
  readonly name = 'audit-trail';
  readonly version = 1;
  readonly tables = ['audit_trail'] as const;
  readonly handles = [...PROJECT_EVENT_TYPES, ...MILESTONE_EVENT_TYPES];

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await insertAll(context, [unnestInsert(rowSet(auditRows, events), context.table('audit_trail'))]);
  }

  /** Append-only: each page's rows go straight to COPY. */
  bulkReplay(sink: BulkSink): BulkReplay {
    return { add: (events) => sink.copy([rowSet(auditRows, events)]), finish: async () => undefined };
  }
}
