import type { ContractorApplicationView } from '@escrow/domain';
import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';

import { ContractorApplicationEntity } from './infrastructure';

function toApplicationView(a: ContractorApplicationEntity): ContractorApplicationView {
  return {
    application_id: a.applicationId,
    company_name: a.companyName,
    first_name: a.firstName,
    last_name: a.lastName,
    email: a.email,
    phone: a.phone,
    street: a.street,
    city: a.city,
    state: a.state,
    zip_code: a.zipCode,
    services: a.services,
    license: a.license,
    insurance: a.insurance,
    website_link: a.websiteLink,
    message: a.message,
    status: a.status,
    company_id: a.companyId,
    decided_by: a.decidedBy,
    decided_at: a.decidedAt?.toISOString() ?? null,
    created_at: a.createdAt.toISOString(),
  };
}

/** Reads of contractor applications (the decisions stay SQL in the approval's transaction). */
@Injectable()
export class ApplicationsRepository {
  private readonly applications: Repository<ContractorApplicationEntity>;

  constructor(dataSource: DataSource) {
    this.applications = dataSource.getRepository(ContractorApplicationEntity);
  }

  /** Pending applications first, newest first within each group. */
  async listForAdmin(): Promise<ContractorApplicationView[]> {
    const applications = await this.applications
      .createQueryBuilder('a')
      .orderBy(`a.status = 'pending'`, 'DESC')
      .addOrderBy('a.createdAt', 'DESC')
      .addOrderBy('a.applicationId', 'DESC')
      .getMany();
    return applications.map(toApplicationView);
  }
}
