import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** DELETE /api/account/sessions/{id}: ends one of the user's sessions. */
export class EndSession extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly sessionId: number,
    readonly caller: Caller,
  ) {
    super();
  }
}
