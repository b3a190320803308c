import { invalid, notFound } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WithCookies } from '../caller';
import { LINK_INVALID, OneTimeCodes } from '../one-time-codes';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE } from '../passwords';
import { RateLimits } from '../rate-limits';
import type { UserObject } from '../session-user';
import { SessionsService } from '../sessions.service';
import { toUserObject, UsersRepository } from '../users.repository';
import { AcceptInvitation } from './accept-invitation.command';

@CommandHandler(AcceptInvitation)
export class AcceptInvitationHandler implements ICommandHandler<AcceptInvitation> {
  constructor(
    private readonly users: UsersRepository,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
    private readonly sessions: SessionsService,
  ) {}

  async execute({ hash, password, caller, sessionToken }: AcceptInvitation): Promise<WithCookies<UserObject>> {
    if (!isAcceptablePassword(password)) throw invalid('password_too_weak', PASSWORD_RULE);
    await this.limits.codeChecked(caller.ip);
    const userId = await this.codes.consume(hash, 'invitation');
    const user = userId === null ? null : await this.users.byId(userId);
    // An invitation chooses the first password only: once one was chosen (a reset link, say), the
    // account may have a second factor, and this link would sign in past it.
    if (!user || user.password_hash !== null || !(await this.users.setFirstPassword(user.user_id, await hashPassword(password)))) {
      throw notFound('link_invalid', LINK_INVALID);
    }
    // The invitation came to this address: opening it proves the address.
    await this.users.markEmailVerified(user.user_id);
    const { token } = await this.sessions.start(user.user_id, caller, { password: true, secondFactor: false }, sessionToken);
    return { answer: toUserObject(user), cookies: { session: token } };
  }
}
