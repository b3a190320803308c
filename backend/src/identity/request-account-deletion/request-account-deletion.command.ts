import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** POST /api/v2/delete-account-request: anyone may ask for an account to be deleted. */
export class RequestAccountDeletion extends Command<MessageAnswer> {
  constructor(
    readonly email: string,
    readonly note: string | null,
    readonly ip: string,
  ) {
    super();
  }
}
