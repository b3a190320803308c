import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/account/email/verification: sends the verification link again. */
export class ResendEmailVerification extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly caller: Caller,
  ) {
    super();
  }
}
