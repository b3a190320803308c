import { JobRow } from '@escrow/projections';
import { Injectable } from '@nestjs/common';
import { Brackets, DataSource, type Repository } from 'typeorm';

import { containing } from '../infrastructure/database/like';

/** The admin console's project search over the jobs read model. */
@Injectable()
export class ProjectSearch {
  private readonly jobs: Repository<JobRow>;

  constructor(dataSource: DataSource) {
    this.jobs = dataSource.getRepository(JobRow);
  }

  /** The newest 1000 projects whose service, buyer or seller contains the text, or whose id it is. */
  async ids(search: string | null): Promise<number[]> {
    const query = this.jobs
      .createQueryBuilder('j')
      .select('j.jobId', 'job_id')
      // identity's and the directory's tables, named rather than imported
      .leftJoin('users', 'u', 'u.userId = j.customerId')
      .leftJoin('companies', 'c', 'c.companyId = j.primaryCompanyId');
    if (search) {
      query.where(
        new Brackets((q) =>
          q
            .where('j.service ILIKE :pattern', { pattern: containing(search) })
            .orWhere('u.displayName ILIKE :pattern')
            .orWhere('c.name ILIKE :pattern')
            .orWhere('CAST(j.jobId AS text) = :text', { text: search }),
        ),
      );
    }
    const rows = await query.orderBy('j.updatedAt', 'DESC').addOrderBy('j.jobId', 'DESC').limit(1000).getRawMany<{ job_id: number }>();
    return rows.map((r) => r.job_id);
  }
}
