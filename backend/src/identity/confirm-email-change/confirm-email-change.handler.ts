import { type EmailConfirmed, notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { EmailVerification } from '../email-verification';
import { LINK_INVALID } from '../one-time-codes';
import { RateLimits } from '../rate-limits';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { ConfirmEmailChange } from './confirm-email-change.command';

@CommandHandler(ConfirmEmailChange)
export class ConfirmEmailChangeHandler implements ICommandHandler<ConfirmEmailChange> {
  constructor(
    private readonly verification: EmailVerification,
    private readonly limits: RateLimits,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  async execute({ code, caller, signedIn }: ConfirmEmailChange): Promise<EmailConfirmed> {
    await this.limits.codeChecked(caller.ip);
    const changed = await this.verification.confirmChange(code);
    if (!changed) throw notFound('link_invalid', LINK_INVALID);
    await this.sessions.refresh(changed.userId);
    // Opened in a browser signed in to this account: its session goes on under a new cookie.
    if (signedIn?.userId === changed.userId) await this.sessions.rotate(signedIn);
    await this.log.record({ userId: changed.userId, kind: 'email_changed', ...caller, detail: { from: changed.oldEmail, to: changed.newEmail } });
    // From now on reset links go to the new address: the old one hears it happened, not only that it was asked.
    await this.mail.send({
      to: changed.oldEmail,
      subject: 'Your Escrow Ledger email address was changed',
      text:
        `Hello,\n\nThe email address of your Escrow Ledger account is now ${changed.newEmail}, and this address no longer receives ` +
        `its messages or password reset links.\n\nIf it was not you, tell us at once at ${this.config.publicUrl}/contact`,
    });
    return { email: changed.newEmail };
  }
}
