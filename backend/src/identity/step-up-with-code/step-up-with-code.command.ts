import type { SteppedUp } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/auth/step-up: a TOTP or recovery code from a signed-in user; the session may move money for STEP_UP_WINDOW. */
export class StepUpWithCode extends Command<SteppedUp> {
  constructor(
    readonly user: SessionUser,
    readonly code: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
