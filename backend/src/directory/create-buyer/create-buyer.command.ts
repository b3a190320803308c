import type { ProjectBuyerView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/**
 * POST /api/job/customer/new: the buyer a seller names, created without a password (an
 * invitation link lets them choose one); in the buyer-started flow, the current user themself.
 */
export class CreateBuyer extends Command<ProjectBuyerView> {
  constructor(
    readonly actor: SessionUser,
    readonly firstName: string,
    readonly lastName: string,
    readonly email: string,
    readonly phone: string,
    /** Set when the buyer is the current user (the buyer-started flow). */
    readonly userId: number | null,
  ) {
    super();
  }
}
