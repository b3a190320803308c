import type { JobDraftCreated, RecordedEvent } from '@escrow/domain';
import type { ProjectionContext, Projector } from '../runner/projector';

/** Projects the project stream into `jobs`, the list and header data of each project. */
export class JobsProjector implements Projector {
  readonly name = 'jobs';
  readonly version = 1;
  readonly tables = ['jobs'] as const;
  readonly handles = ['JobDraftCreated'] as const;

  async apply(events: RecordedEvent[], context: ProjectionContext): Promise<void> {
    const created = events.filter((e): e is RecordedEvent<'JobDraftCreated', JobDraftCreated['data']> => e.type === 'JobDraftCreated');
    if (created.length === 0) return;
    // One statement for the whole batch: rebuilds write each row once, in bulk. A second draft
    // with the same id is a bug upstream and must stop the projector, not vanish.
    await context.query(
      `INSERT INTO ${context.table('jobs')}
         (job_id, customer_id, primary_company_id, service, customer_initiated, is_draft, created_by, created_at, updated_at)
       SELECT job_id, customer_id, primary_company_id, service, customer_initiated, true, created_by, created_at, created_at
         FROM unnest($1::int[], $2::int[], $3::int[], $4::text[], $5::boolean[], $6::int[], $7::timestamptz[])
              AS t(job_id, customer_id, primary_company_id, service, customer_initiated, created_by, created_at)
`,
      [
        created.map((e) => e.data.jobId),
        created.map((e) => e.data.customerId),
        created.map((e) => e.data.primaryCompanyId),
        created.map((e) => e.data.service),
        created.map((e) => e.data.customerInitiated),
        created.map((e) => e.data.createdBy),
        created.map((e) => e.data.createdAt),
      ],
    );
  }
}
