import type { SecondFactorRequired } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller, IdentityCookies, WithCookies } from '../caller';
import type { UserObject } from '../session-user';

/** POST /api/auth/login: the password step; a user with a second factor gets a pending login, not a session. */
export class LogIn extends Command<WithCookies<UserObject | SecondFactorRequired>> {
  constructor(
    readonly email: string,
    readonly password: string,
    readonly caller: Caller,
    readonly cookies: IdentityCookies,
  ) {
    super();
  }
}
