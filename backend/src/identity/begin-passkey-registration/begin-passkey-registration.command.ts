import type { PasskeyRegistrationChallenge } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';

/** POST /api/account/passkeys/options: the browser's options to create a passkey, with a challenge kept for five minutes. */
export class BeginPasskeyRegistration extends Command<PasskeyRegistrationChallenge> {
  constructor(readonly user: SessionUser) {
    super();
  }
}
