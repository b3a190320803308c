import type { ContractorApplicationReceipt } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { State } from '../company-address';

/** What an applicant fills in on /apply (the request DTO has checked each field's type and length). */
export interface ContractorApplicationForm {
  company_name: string;
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street?: string | undefined;
  city: string;
  state: State;
  zip_code?: string | undefined;
  services: string[];
  license?: string | undefined;
  insurance?: string | undefined;
  website_link?: string | undefined;
  message?: string | undefined;
}

/** POST /api/contractor/applications: anyone applies to join as a contractor; an admin decides. */
export class SubmitContractorApplication extends Command<ContractorApplicationReceipt> {
  constructor(
    readonly form: ContractorApplicationForm,
    /** The sender's address, for the public forms' rate limit. */
    readonly ip: string,
  ) {
    super();
  }
}
