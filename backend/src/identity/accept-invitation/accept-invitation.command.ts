import { Command } from '@nestjs/cqrs';

import type { Caller, WithCookies } from '../caller';
import type { UserObject } from '../session-user';

/** POST /api/auth/invite/{hash}: the invited buyer chooses a password and is logged in. */
export class AcceptInvitation extends Command<WithCookies<UserObject>> {
  constructor(
    readonly hash: string,
    readonly password: string,
    readonly caller: Caller,
    /** The browser's current session cookie, which the new session replaces. */
    readonly sessionToken: string | null,
  ) {
    super();
  }
}
