import {
  type ActiveProject,
  currentProjectShape,
  evolveProject,
  PROJECT_EVENT_TYPES,
  type ProjectEvent,
  type ProjectState,
  type RecordedEvent,
} from '@escrow/domain';

import type { BulkReplay, BulkSink } from '../runner/projector';
import type { ProjectionContext, Projector } from '../runner/projector';
import { applyFolded, FoldedReplay, type FoldedStateStore, type FoldOptions } from '../shared/folded-state';
import { rowSet, type TableRows, unnestInsert } from '../shared/table-rows';

const projectRows: TableRows<ActiveProject> = {
  table: 'jobs',
  columns: [
    ['job_id', 'int'],
    ['customer_id', 'int'],
    ['primary_company_id', 'int'],
    ['service', 'text'],
    ['customer_initiated', 'boolean'],
    ['is_draft', 'boolean'],
    ['created_by', 'int'],
    ['created_at', 'timestamptz'],
    ['updated_at', 'timestamptz'],
    ['state', 'jsonb'],
    ['submitted_at', 'timestamptz'],
    ['customer_signed_at', 'timestamptz'],
    ['company_signed_at', 'timestamptz'],
    ['discarded_at', 'timestamptz'],
    ['retainage_percent', 'numeric'],
    ['site_state', 'text'],
  ],
  row: (p) => {
    const updatedAt = [p.createdAt, p.submittedAt, p.discardedAt, p.signatures.customer?.at, p.signatures.company?.at]
      .filter((t): t is string => Boolean(t))
      .sort()
      .at(-1)!;
    return [
      p.jobId,
      p.customerId,
      p.primaryCompanyId,
      p.service,
      p.customerInitiated,
      p.status !== 'submitted',
      p.createdBy,
      p.createdAt,
      updatedAt,
      JSON.stringify(p),
      p.submittedAt,
      p.signatures.customer?.at ?? null,
      p.signatures.company?.at ?? null,
      p.discardedAt ?? null,
      p.terms.retainagePercent,
      p.terms.siteState,
    ];
  },
};

const started = (states: readonly ProjectState[]): ActiveProject[] => states.filter((s): s is ActiveProject => s.status !== 'none');

const projectsStore: FoldedStateStore<ProjectState> = {
  async load(context, keys) {
    const rows = await context.query<{ job_id: number; state: ProjectState }>(
      `SELECT job_id, state FROM ${context.table('jobs')} WHERE job_id = ANY($1::int[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.job_id, currentProjectShape(r.state)]));
  },
  async save(context, states) {
    const insert = unnestInsert(rowSet(projectRows, started([...states.values()])), context.table('jobs'));
    if (insert.columns[0]!.length === 0) return;
    const updates = projectRows.columns.map(([name]) => name).filter((name) => !['job_id', 'customer_initiated', 'created_by', 'created_at'].includes(name));
    await context.query(`${insert.sql} ON CONFLICT (job_id) DO UPDATE SET ${updates.map((c) => `${c} = excluded.${c}`).join(', ')}`, insert.columns);
  },
  rowsOf: (states) => [rowSet(projectRows, started(states))],
  async removeWritten(context, states) {
    await context.query(`DELETE FROM ${context.table('jobs')} WHERE job_id = ANY($1::int[])`, [started(states).map((p) => p.jobId)]);
  },
};

const fold: FoldOptions<ProjectState, ProjectEvent> = {
  keyOf: (event) => (event.data as { jobId: number }).jobId,
  initial: { status: 'none' },
  evolve: evolveProject,
  store: projectsStore,
};

/** Projects the project streams into `jobs`: list and header data of each project. */
export class ProjectsProjector implements Projector {
  readonly name = 'jobs';
  /** 4: the project's terms (retainage, job-site state) and its retainage release (issue 17). */
  readonly version = 4;
  readonly tables = ['jobs'] as const;
  readonly handles = PROJECT_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await applyFolded(events, context, fold);
  }

  bulkReplay(sink: BulkSink): BulkReplay {
    return new FoldedReplay(sink, fold);
  }
}
