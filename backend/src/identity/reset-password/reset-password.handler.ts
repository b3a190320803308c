import { invalid, notFound, type PasswordResetDone } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { LINK_INVALID, OneTimeCodes } from '../one-time-codes';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE } from '../passwords';
import { RateLimits } from '../rate-limits';
import { RecentFactors } from '../recent-factors';
import { RequiredPasswordResets } from '../required-password-resets';
import { SecurityLog } from '../security-log';
import { SessionsService } from '../sessions.service';
import { UsersRepository } from '../users.repository';
import { ResetPassword } from './reset-password.command';

@CommandHandler(ResetPassword)
export class ResetPasswordHandler implements ICommandHandler<ResetPassword> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly resets: RequiredPasswordResets,
    private readonly recent: RecentFactors,
  ) {}

  async execute({ code, password, caller }: ResetPassword): Promise<PasswordResetDone> {
    if (!isAcceptablePassword(password)) throw invalid('password_too_weak', PASSWORD_RULE);
    await this.limits.codeChecked(caller.ip);
    const userId = await this.codes.consume(code, 'password_reset');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw notFound('link_invalid', LINK_INVALID);
    await this.users.setPassword(user.user_id, await hashPassword(password));
    await this.resets.done(user.user_id);
    await this.sessions.revokeAll(user.user_id);
    await this.codes.cancelEmailChange(user.user_id);
    // The password an invitation link would have chosen is chosen: the link must not choose another.
    await this.codes.removeAll(user.user_id, 'invitation');
    await this.log.record({ userId: user.user_id, kind: 'password_changed', ...caller, detail: { by: 'reset_link' } });
    return { user_id: user.user_id, email: user.email, recent_factors: await this.recent.of(user.user_id) };
  }
}
