import type { SteppedUp } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/auth/step-up/passkey: a signature with one of the user's passkeys; the session may move money for STEP_UP_WINDOW. */
export class StepUpWithPasskey extends Command<SteppedUp> {
  constructor(
    readonly user: SessionUser,
    readonly response: Record<string, unknown>,
    readonly caller: Caller,
  ) {
    super();
  }
}
