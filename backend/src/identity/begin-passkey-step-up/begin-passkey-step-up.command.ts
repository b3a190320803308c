import type { PasskeySignInChallenge } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';

/** POST /api/auth/step-up/passkey/options: options to step up with one of the user's passkeys. */
export class BeginPasskeyStepUp extends Command<PasskeySignInChallenge> {
  constructor(readonly user: SessionUser) {
    super();
  }
}
