import type { TotpSetup } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../session-user';

/** POST /api/account/totp/setup: a new secret for an authenticator app (as text and as a QR code); enrolled once a code from it is confirmed. */
export class BeginTotpSetup extends Command<TotpSetup> {
  constructor(readonly user: SessionUser) {
    super();
  }
}
