import { invalid, type PasswordChanged, unauthenticated } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { MAIL_PORT, type MailPort } from '../../mail';
import { OneTimeCodes } from '../one-time-codes';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE, verifyPassword } from '../passwords';
import { RateLimits } from '../rate-limits';
import { RecentFactors } from '../recent-factors';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { UsersRepository } from '../users.repository';
import { ChangePassword } from './change-password.command';

@CommandHandler(ChangePassword)
export class ChangePasswordHandler implements ICommandHandler<ChangePassword> {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly limits: RateLimits,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly recent: RecentFactors,
    private readonly codes: OneTimeCodes,
  ) {}

  async execute({ user, currentPassword, password, caller }: ChangePassword): Promise<PasswordChanged> {
    if (!isAcceptablePassword(password)) throw invalid('password_too_weak', PASSWORD_RULE);
    const row = await this.users.byId(user.userId);
    const check = await this.limits.passwordCheckStarting(user.email, null);
    if (!(await verifyPassword(row!.password_hash, currentPassword))) throw unauthenticated('wrong_password', 'Your current password is not correct.');
    await this.limits.loginSucceeded(check, caller.ip);
    await this.users.setPassword(user.userId, await hashPassword(password));
    const ended = await this.sessions.revokeOthers(user.userId, user.sessionId ?? 0);
    await this.codes.cancelEmailChange(user.userId);
    // This one goes on under a new cookie: a copy of it dies with the others.
    await this.sessions.rotate(user, { password: true });
    await this.log.record({ userId: user.userId, kind: 'password_changed', ...caller, detail: { other_sessions_ended: ended } });
    await this.mail.send({
      to: user.email,
      subject: 'Your Escrow Ledger password was changed',
      text:
        `Hello ${user.firstName},\n\nThe password of your Escrow Ledger account was just changed, and every other session was ended.\n\n` +
        `If it was not you: reset your password at ${this.config.publicUrl}/password/forgot and check ${this.config.publicUrl}/portal/account/security`,
    });
    // Whoever held a session may have added a factor the new password does not shut out: show them.
    return { message: 'Your password was changed. Other sessions were ended.', recent_factors: await this.recent.of(user.userId) };
  }
}
