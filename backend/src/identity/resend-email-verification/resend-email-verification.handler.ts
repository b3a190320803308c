import { invalid, type MessageAnswer } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EmailVerification } from '../email-verification';
import { RateLimits } from '../rate-limits';
import { ResendEmailVerification } from './resend-email-verification.command';

@CommandHandler(ResendEmailVerification)
export class ResendEmailVerificationHandler implements ICommandHandler<ResendEmailVerification> {
  constructor(
    private readonly verification: EmailVerification,
    private readonly limits: RateLimits,
  ) {}

  async execute({ user, caller }: ResendEmailVerification): Promise<MessageAnswer> {
    if (user.emailVerified) throw invalid('email_already_verified', 'Your email address is already verified.');
    await this.limits.resetRequested(user.email, caller.ip);
    await this.verification.send({ user_id: user.userId, email: user.email, first_name: user.firstName });
    return { message: `We sent a link to ${user.email}.` };
  }
}
