import type { AdminCompanyDetail } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** The fields of a company an administrator may change; each one left out stays as it is. */
export interface CompanyChanges {
  name?: string | undefined;
  street?: string | undefined;
  city?: string | undefined;
  state?: string | undefined;
  zip_code?: string | undefined;
  phone?: string | undefined;
  contact_email?: string | undefined;
  website_link?: string | undefined;
  license?: string | undefined;
  insurance?: string | undefined;
  bio?: string | undefined;
  services?: string[] | undefined;
}

/** PUT /api/admin/companies/{id}: an owner corrects a company's record or its services. */
export class UpdateCompany extends Command<AdminCompanyDetail> {
  constructor(
    readonly companyId: number,
    readonly changes: CompanyChanges,
  ) {
    super();
  }
}
