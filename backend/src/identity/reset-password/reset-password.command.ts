import type { PasswordResetDone } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';

/** PUT /api/user/password/reset: sets the new password and uses up the code; every session of the user ends. */
export class ResetPassword extends Command<PasswordResetDone> {
  constructor(
    readonly code: string,
    readonly password: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
