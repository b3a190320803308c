import type { TotpConfirmed } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/account/totp: the first code from the new secret enrols the authenticator app. */
export class ConfirmTotp extends Command<TotpConfirmed> {
  constructor(
    readonly user: SessionUser,
    readonly code: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
