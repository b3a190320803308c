import type { PasswordChanged } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** PUT /api/account/password: a new password; the current one is checked, every other session ends, the user is mailed. */
export class ChangePassword extends Command<PasswordChanged> {
  constructor(
    readonly user: SessionUser,
    readonly currentPassword: string,
    readonly password: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
