import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** DELETE /api/account/passkeys/{id}: removes one of the user's passkeys (recovery codes go too when no factor is left). */
export class RemovePasskey extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly passkeyId: number,
    readonly caller: Caller,
  ) {
    super();
  }
}
