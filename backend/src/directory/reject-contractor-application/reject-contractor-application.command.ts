import type { ContractorApplicationRejection } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** POST /api/admin/contractor-applications/{id}/reject: the applicant is told, with the reason when one is given. */
export class RejectContractorApplication extends Command<ContractorApplicationRejection> {
  constructor(
    readonly admin: SessionUser,
    readonly applicationId: number,
    readonly reason: string | null,
  ) {
    super();
  }
}
