import type { MessageAnswer } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

/** POST /api/user/password/forgot: emails a reset link. Unknown emails get the failure text of docs/product.md#error-texts. */
export class RequestPasswordReset extends Command<MessageAnswer> {
  constructor(
    readonly email: string,
    readonly ip: string,
  ) {
    super();
  }
}
