import type { ContractorApplicationApproval } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/admin/contractor-applications/{id}/approve: the company, its services and an invited user for the applicant. */
export class ApproveContractorApplication extends Command<ContractorApplicationApproval> {
  constructor(
    readonly admin: SessionUser,
    readonly applicationId: number,
  ) {
    super();
  }
}
