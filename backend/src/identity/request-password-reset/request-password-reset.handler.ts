import { invalid, type MessageAnswer, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { AfterTheAnswer } from '../after-the-answer';
import { OneTimeCodes } from '../one-time-codes';
import { isEmail, normalizeEmail } from '../phone';
import { RateLimits } from '../rate-limits';
import { type UserRow, UsersRepository } from '../users.repository';
import { RequestPasswordReset } from './request-password-reset.command';

export const FORGOT_UNKNOWN_EMAIL = "Sorry, we couldn't find an account with that email address.";

@CommandHandler(RequestPasswordReset)
export class RequestPasswordResetHandler implements ICommandHandler<RequestPasswordReset> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly afterTheAnswer: AfterTheAnswer,
  ) {}

  async execute(c: RequestPasswordReset): Promise<MessageAnswer> {
    const email = normalizeEmail(c.email);
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    await this.limits.resetRequested(email, c.ip);
    const user = await this.users.byEmail(email);
    if (!user) throw notFound('account_not_found', FORGOT_UNKNOWN_EMAIL);
    // The link is made and mailed after the answer: an email with an account is answered as
    // fast as one without (the texts differ, by the spec; the time does not), whatever SMTP takes.
    this.afterTheAnswer.run('mailing a reset link', () => this.mailLink(user));
    return { message: 'Email Sent.' };
  }

  private async mailLink(user: UserRow): Promise<void> {
    const code = await this.codes.issue(user.user_id, 'password_reset');
    await this.mail.send({
      to: user.email,
      subject: 'Reset your Escrow Ledger password',
      text: `Hello ${user.first_name},\n\nSomeone (hopefully you) asked to reset your Escrow Ledger password. Choose a new one here within the hour:\n\n${this.config.publicUrl}/password/reset/${code}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    });
  }
}
