import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** DELETE /api/account/totp: the authenticator app is removed (recovery codes go too when no factor is left). */
export class RemoveTotp extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly caller: Caller,
  ) {
    super();
  }
}
