import { Command } from '@nestjs/cqrs';

import type { Caller, IdentityCookies, WithCookies } from '../caller';
import type { UserObject } from '../session-user';

/** POST /api/auth/passkey/login: signs in with a passkey, without a password (usernameless) or as the second step of a pending login. */
export class LogInWithPasskey extends Command<WithCookies<UserObject>> {
  constructor(
    readonly response: Record<string, unknown>,
    readonly caller: Caller,
    readonly cookies: IdentityCookies,
  ) {
    super();
  }
}
