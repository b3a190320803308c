import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';
import type { SessionUser } from '../session-user';

/**
 * PUT /api/account/email: mails a confirmation link to the new address and a notice to the old
 * one; the address changes when the link is opened (ConfirmEmailChange).
 */
export class ChangeEmail extends Command<MessageAnswer> {
  constructor(
    readonly user: SessionUser,
    readonly email: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
