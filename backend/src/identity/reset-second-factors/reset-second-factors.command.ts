import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/**
 * POST /api/admin/users/{id}/second-factors/reset: a user lost every factor and their recovery
 * codes; an owner (with a fresh second factor) removes their TOTP, passkeys and codes and ends
 * their sessions. The user is mailed and the log names the owner.
 */
export class ResetSecondFactors extends Command<MessageAnswer> {
  constructor(
    readonly admin: SessionUser,
    readonly userId: number,
    readonly caller: Caller,
  ) {
    super();
  }
}
