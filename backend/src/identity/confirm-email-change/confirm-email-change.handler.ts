import { type EmailConfirmed, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

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
  ) {}

  async execute({ code, caller, signedIn }: ConfirmEmailChange): Promise<EmailConfirmed> {
    await this.limits.codeChecked(caller.ip);
    const changed = await this.verification.confirmChange(code);
    if (!changed) throw notFound('link_invalid', LINK_INVALID);
    await this.sessions.refresh(changed.userId);
    // Opened in a browser signed in to this account: its session goes on under a new cookie.
    if (signedIn?.userId === changed.userId) await this.sessions.rotate(signedIn);
    await this.log.record({ userId: changed.userId, kind: 'email_changed', ...caller, detail: { from: changed.oldEmail, to: changed.newEmail } });
    return { email: changed.newEmail };
  }
}
