import type { RecoveryCodes } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/account/recovery-codes: ten new recovery codes (shown once); the old ones are void. */
export class RenewRecoveryCodes extends Command<RecoveryCodes> {
  constructor(
    readonly user: SessionUser,
    readonly caller: Caller,
  ) {
    super();
  }
}
