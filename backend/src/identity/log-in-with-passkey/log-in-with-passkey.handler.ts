import { unauthenticated } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import type { WithCookies } from '../caller';
import { Passkeys } from '../passkeys';
import { LOGIN_EXPIRED, PendingLogins, PendingLoginUsedUp } from '../pending-logins';
import { RateLimits } from '../rate-limits';
import type { UserObject } from '../session-user';
import { SignIn } from '../sign-in';
import { toUserObject, UsersRepository } from '../users.repository';
import { LogInWithPasskey } from './log-in-with-passkey.command';

@CommandHandler(LogInWithPasskey)
export class LogInWithPasskeyHandler implements ICommandHandler<LogInWithPasskey> {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly users: UsersRepository,
    private readonly pending: PendingLogins,
    private readonly signIn: SignIn,
    private readonly limits: RateLimits,
  ) {}

  async execute({ response, caller, cookies }: LogInWithPasskey): Promise<WithCookies<UserObject>> {
    await this.limits.codeChecked(caller.ip);
    const pending = await this.pending.read(cookies.pendingLogin);
    const userId = await this.passkeys.authenticate(response, pending?.userId ?? null);
    // A pending login is used up here, whatever follows.
    const completed = pending ? await this.pending.complete(cookies.pendingLogin) : null;
    if (pending && !completed) throw new PendingLoginUsedUp();
    const user = await this.users.byId(userId);
    if (!user) throw pending ? new PendingLoginUsedUp() : unauthenticated('login_expired', LOGIN_EXPIRED);
    const knownDevice = await this.signIn.knownDevice(cookies.device, userId);
    const signedIn = await this.signIn.complete(
      user,
      { password: completed !== null, secondFactor: 'passkey', newBrowser: completed ? completed.newBrowser : !knownDevice },
      caller,
      cookies,
    );
    return { answer: toUserObject(user), cookies: pending ? { pendingLogin: null, ...signedIn } : signedIn };
  }
}
