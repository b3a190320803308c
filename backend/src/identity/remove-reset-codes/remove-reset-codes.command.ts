import type { ResetCodesRemoved } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';

/** DELETE /api/customer/code/{user_id}: removes the user's remaining reset codes (the last step of spec §4's reset flow). */
export class RemoveResetCodes extends Command<ResetCodesRemoved> {
  constructor(
    readonly actor: SessionUser,
    readonly userId: number,
  ) {
    super();
  }
}
