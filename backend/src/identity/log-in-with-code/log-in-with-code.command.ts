import { Command } from '@nestjs/cqrs';

import type { Caller, IdentityCookies, WithCookies } from '../caller';
import type { UserObject } from '../session-user';

/** POST /api/auth/login/second-factor: a TOTP or recovery code after the password; the session starts, stepped up. */
export class LogInWithCode extends Command<WithCookies<UserObject>> {
  constructor(
    readonly code: string,
    readonly caller: Caller,
    readonly cookies: IdentityCookies,
  ) {
    super();
  }
}
