import {
  type ActiveProject,
  currentProjectShape,
  evolveProject,
  PROJECT_EVENT_TYPES,
  type ProjectEvent,
  type ProjectState,
  type RecordedEvent,
} from '@escrow/domain';

import type { ProjectionContext, Projector } from '../runner/projector';
import { applyFolded, columns, type FoldedStateStore } from '../shared/folded-state';

const jobsStore: FoldedStateStore<ProjectState> = {
  async load(context, keys) {
    const rows = await context.query<{ job_id: number; state: ProjectState }>(
      `SELECT job_id, state FROM ${context.table('jobs')} WHERE job_id = ANY($1::int[])`,
      [keys],
    );
    return new Map(rows.map((r) => [r.job_id, currentProjectShape(r.state)]));
  },
  async save(context, states) {
    const projects = [...states.values()].filter((s): s is ActiveProject => s.status !== 'none');
    await context.query(
      `INSERT INTO ${context.table('jobs')}
         (job_id, customer_id, primary_company_id, service, customer_initiated, is_draft, created_by, created_at, updated_at, state,
          submitted_at, customer_signed_at, company_signed_at, discarded_at, retainage_percent, site_state)
       SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::boolean[], $6::boolean[], $7::int[], $8::timestamptz[],
          $9::timestamptz[], $10::jsonb[], $11::timestamptz[], $12::timestamptz[], $13::timestamptz[], $14::timestamptz[], $15::numeric[], $16::text[])
       ON CONFLICT (job_id) DO UPDATE SET
         customer_id = excluded.customer_id, primary_company_id = excluded.primary_company_id, service = excluded.service,
         is_draft = excluded.is_draft, updated_at = excluded.updated_at, state = excluded.state, submitted_at = excluded.submitted_at,
         customer_signed_at = excluded.customer_signed_at, company_signed_at = excluded.company_signed_at, discarded_at = excluded.discarded_at,
         retainage_percent = excluded.retainage_percent, site_state = excluded.site_state`,
      columns(projects, (p) => {
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
      }),
    );
  },
};

/** Projects the project streams into `jobs`: list and header data of each project. */
export class JobsProjector implements Projector {
  readonly name = 'jobs';
  /** 4: the project's terms (retainage, job-site state) and its retainage release (issue 17). */
  readonly version = 4;
  readonly tables = ['jobs'] as const;
  readonly handles = PROJECT_EVENT_TYPES;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    await applyFolded<ProjectState, ProjectEvent>(events, context, {
      keyOf: (event) => (event.data as { jobId: number }).jobId,
      initial: { status: 'none' },
      evolve: evolveProject,
      store: jobsStore,
    });
  }
}
