import type { ResetCodesRemoved } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';

/** DELETE /api/customer/code/{user_id}: removes the user's remaining reset codes (the last step of the reset flow, docs/product.md#password-reset). */
export class RemoveResetCodes extends Command<ResetCodesRemoved> {
  constructor(
    readonly actor: SessionUser,
    readonly userId: number,
  ) {
    super();
  }
}
