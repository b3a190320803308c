import { Injectable } from '@nestjs/common';
import { DataSource, type Repository } from 'typeorm';

import { ContractorApplicationEntity } from './infrastructure';

/** A contractor application as the admin console shows it (the table's own column names). */
export interface ApplicationRow {
  application_id: number;
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street: string | null;
  city: string;
  state: string;
  zip_code: string | null;
  services: string[];
  license: string | null;
  insurance: string | null;
  website_link: string | null;
  message: string | null;
  status: 'pending' | 'approved' | 'rejected';
  company_id: number | null;
  decided_by: number | null;
  decided_at: Date | null;
  created_at: Date;
}

function toApplicationRow(a: ContractorApplicationEntity): ApplicationRow {
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
    decided_at: a.decidedAt,
    created_at: a.createdAt,
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
  async listForAdmin(): Promise<ApplicationRow[]> {
    const applications = await this.applications
      .createQueryBuilder('a')
      .orderBy(`a.status = 'pending'`, 'DESC')
      .addOrderBy('a.createdAt', 'DESC')
      .addOrderBy('a.applicationId', 'DESC')
      .getMany();
    return applications.map(toApplicationRow);
  }
}
