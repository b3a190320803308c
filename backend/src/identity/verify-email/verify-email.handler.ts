import { type EmailVerified, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EmailVerification } from '../email-verification';
import { LINK_INVALID } from '../one-time-codes';
import { RateLimits } from '../rate-limits';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { VerifyEmail } from './verify-email.command';

@CommandHandler(VerifyEmail)
export class VerifyEmailHandler implements ICommandHandler<VerifyEmail> {
  constructor(
    private readonly verification: EmailVerification,
    private readonly limits: RateLimits,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
  ) {}

  async execute({ code, caller }: VerifyEmail): Promise<EmailVerified> {
    await this.limits.codeChecked(caller.ip);
    const userId = await this.verification.verify(code);
    if (userId === null) throw notFound('link_invalid', LINK_INVALID);
    await this.sessions.refresh(userId);
    await this.log.record({ userId, kind: 'email_verified', ...caller });
    return { email_verified: true };
  }
}
