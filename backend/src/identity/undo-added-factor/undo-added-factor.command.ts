import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';

/**
 * POST /api/auth/factor-alerts/undo: "this wasn't me" from the mail about an added factor
 * (issue 35). Removes that factor, ends every session and holds logins until a password reset.
 */
export class UndoAddedFactor extends Command<MessageAnswer> {
  constructor(
    readonly code: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
