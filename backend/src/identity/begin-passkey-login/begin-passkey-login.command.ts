import type { PasskeySignInChallenge } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/**
 * POST /api/auth/passkey/options: options for signing in, bound to the user of a pending login
 * (its second step), else usernameless.
 */
export class BeginPasskeyLogin extends Command<PasskeySignInChallenge> {
  constructor(
    readonly ip: string,
    /** The browser's pending-login cookie, if the password step came first. */
    readonly pendingLogin: string | null,
  ) {
    super();
  }
}
