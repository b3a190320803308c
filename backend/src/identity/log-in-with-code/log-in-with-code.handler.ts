import { unauthenticated } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WithCookies } from '../caller';
import { LOGIN_EXPIRED, PendingLogins, PendingLoginUsedUp } from '../pending-logins';
import { SecondFactors } from '../second-factors';
import type { UserObject } from '../session-user';
import { SignIn } from '../sign-in';
import { toUserObject, UsersRepository } from '../users.repository';
import { LogInWithCode } from './log-in-with-code.command';

@CommandHandler(LogInWithCode)
export class LogInWithCodeHandler implements ICommandHandler<LogInWithCode> {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly pending: PendingLogins,
    private readonly signIn: SignIn,
  ) {}

  async execute({ code, caller, cookies }: LogInWithCode): Promise<WithCookies<UserObject>> {
    const login = await this.pending.read(cookies.pendingLogin);
    if (!login) throw unauthenticated('login_expired', LOGIN_EXPIRED);
    const method = await this.factors.check(login.userId, code, caller, 'login');
    // One use: of two requests racing with good codes, one starts the session.
    const completed = await this.pending.complete(cookies.pendingLogin);
    const user = completed ? await this.users.byId(completed.userId) : null;
    if (!user) throw new PendingLoginUsedUp();
    const signedIn = await this.signIn.complete(user, { password: true, secondFactor: method, newBrowser: completed!.newBrowser }, caller, cookies);
    return { answer: toUserObject(user), cookies: { pendingLogin: null, ...signedIn } };
  }
}
