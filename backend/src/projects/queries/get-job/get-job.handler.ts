import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { JobRow } from '@escrow/projections';
import { DataSource } from 'typeorm';
import { GetJobQuery, type JobView } from './get-job.query';

/** Reads one project from the jobs read model; null when there is no such project. */
@QueryHandler(GetJobQuery)
export class GetJobHandler implements IQueryHandler<GetJobQuery, JobView | null> {
  constructor(private readonly dataSource: DataSource) {}

  async execute({ jobId }: GetJobQuery): Promise<JobView | null> {
    const row = await this.dataSource.getRepository(JobRow).findOneBy({ jobId });
    if (!row) return null;
    return {
      job_id: row.jobId,
      customer_id: row.customerId,
      primary_company_id: row.primaryCompanyId,
      service: row.service,
      customerInitiated: row.customerInitiated,
      is_draft: row.isDraft,
      created_by: row.createdBy,
      created_at: row.createdAt.toISOString(),
    };
  }
}
