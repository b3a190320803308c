import { Command } from '@nestjs/cqrs';

import type { Caller, WithCookies } from '../caller';
import type { UserObject } from '../session-user';

/** POST /api/auth/signup: buyer sign-up (/new); the new account is logged in at once. */
export class SignUp extends Command<WithCookies<UserObject>> {
  constructor(
    readonly firstName: string,
    readonly lastName: string,
    readonly phone: string,
    readonly email: string,
    readonly password: string,
    readonly caller: Caller,
    /** The browser's current session cookie, which the new session replaces. */
    readonly sessionToken: string | null,
  ) {
    super();
  }
}
