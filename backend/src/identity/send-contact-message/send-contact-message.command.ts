import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** POST /api/contact: the contact form, stored and mailed to support. */
export class SendContactMessage extends Command<MessageAnswer> {
  constructor(
    readonly name: string,
    readonly email: string,
    readonly phone: string | null,
    readonly message: string,
    readonly ip: string,
  ) {
    super();
  }
}
