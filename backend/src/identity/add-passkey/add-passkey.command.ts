import type { PasskeyAdded } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** POST /api/account/passkeys: adds a passkey; the first second factor of a user also answers ten recovery codes (shown once). */
export class AddPasskey extends Command<PasskeyAdded> {
  constructor(
    readonly user: SessionUser,
    readonly name: string,
    readonly response: Record<string, unknown>,
    readonly caller: Caller,
  ) {
    super();
  }
}
