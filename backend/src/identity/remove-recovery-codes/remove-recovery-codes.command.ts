import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** DELETE /api/account/recovery-codes: the unused recovery codes stop working (a set someone else made, issue 35). */
export class RemoveRecoveryCodes extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly caller: Caller,
  ) {
    super();
  }
}
