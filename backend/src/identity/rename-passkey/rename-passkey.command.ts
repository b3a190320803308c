import type { PasskeyView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/** PATCH /api/account/passkeys/{id}: renames one of the user's passkeys. */
export class RenamePasskey extends Command<PasskeyView> {
  constructor(
    readonly user: SessionUser,
    readonly passkeyId: number,
    readonly name: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
