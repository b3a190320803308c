import type { EmailConfirmed } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/auth/email/confirm: the link mailed to a new address (/confirm-email/{code}); the account's email changes now. */
export class ConfirmEmailChange extends Command<EmailConfirmed> {
  constructor(
    readonly code: string,
    readonly caller: Caller,
    /** Whoever this browser is signed in as, if anyone: the link may be opened anywhere. */
    readonly signedIn: SessionUser | null,
  ) {
    super();
  }
}
