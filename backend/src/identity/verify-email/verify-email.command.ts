import type { EmailVerified } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { Caller } from '../caller';

/** POST /api/auth/email/verify: the link of the verification mail (/verify-email/{code}). */
export class VerifyEmail extends Command<EmailVerified> {
  constructor(
    readonly code: string,
    readonly caller: Caller,
  ) {
    super();
  }
}
