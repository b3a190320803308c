import type { SessionsEnded } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** DELETE /api/account/sessions: every session of the user but this one ends. */
export class EndOtherSessions extends Command<SessionsEnded> {
  constructor(
    readonly user: SessionUser,
    readonly caller: Caller,
  ) {
    super();
  }
}
