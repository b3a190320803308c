import { invalid, type MessageAnswer } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { EmailVerification } from '../email-verification';
import { isEmail, normalizeEmail } from '../phone';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { ChangeEmail } from './change-email.command';

@CommandHandler(ChangeEmail)
export class ChangeEmailHandler implements ICommandHandler<ChangeEmail> {
  constructor(
    private readonly verification: EmailVerification,
    private readonly log: SecurityLog,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ user, email: typed, caller }: ChangeEmail): Promise<MessageAnswer> {
    const email = normalizeEmail(typed);
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    if (email === user.email) throw invalid('email_unchanged', 'That is already your email address.');
    await this.verification.requestChange({ user_id: user.userId, email: user.email, first_name: user.firstName }, email);
    await this.sessions.rotate(user);
    await this.log.record({ userId: user.userId, kind: 'email_change_requested', ...caller, detail: { to: email } });
    return { message: `We sent a link to ${email}. Your address changes when you open it.` };
  }
}
