import { invalid, type SecondFactorRequired, unauthenticated } from '@escrow/domain';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';

import { AfterTheAnswer } from '../after-the-answer';
import type { WithCookies } from '../caller';
import { checkPassword } from '../passwords';
import { PendingLogins } from '../pending-logins';
import { isEmail, normalizeEmail } from '../phone';
import { RateLimits } from '../rate-limits';
import { RequiredPasswordResets } from '../required-password-resets';
import { SecondFactors } from '../second-factors';
import { SecurityLog } from '../security-log';
import type { UserObject } from '../session-user';
import { SignIn } from '../sign-in';
import { toUserObject, UsersRepository } from '../users.repository';
import { LogIn } from './log-in.command';

export const LOGIN_UNKNOWN_EMAIL = "We couldn't find an account with that email address.";
export const LOGIN_WRONG_PASSWORD = 'That password is not correct. Try again or reset your password.';
const LOGIN_NO_PASSWORD_YET = 'This account has no password yet. Use the link in your invitation email, or reset your password.';

/**
 * 400 texts belong under the email field, 401 texts under the password field (docs/product.md#error-texts). Every
 * limit is taken before the work it limits: the address's point before anything, the email's
 * (or this known browser's) point before argon2, so no number of parallel guesses gets more
 * password checks than the allowance. A success gives both back. Whether the email has an
 * account decides the text only, never the work done before the answer (issue 35).
 */
@CommandHandler(LogIn)
export class LogInHandler implements ICommandHandler<LogIn> {
  constructor(
    private readonly users: UsersRepository,
    private readonly limits: RateLimits,
    private readonly signIn: SignIn,
    private readonly pending: PendingLogins,
    private readonly factors: SecondFactors,
    private readonly log: SecurityLog,
    private readonly afterTheAnswer: AfterTheAnswer,
    private readonly resets: RequiredPasswordResets,
  ) {}

  async execute({ email: typed, password, caller, cookies }: LogIn): Promise<WithCookies<UserObject | SecondFactorRequired>> {
    const email = normalizeEmail(typed);
    if (!email) throw invalid('email_required', 'Please enter your email address.');
    if (!isEmail(email)) throw invalid('email_invalid', 'Please enter a valid email address.');
    if (!password) throw unauthenticated('password_required', 'Please enter your password.');
    await this.limits.loginAttempted(caller.ip);
    const user = await this.users.byEmail(email);
    const knownDevice = user ? await this.signIn.knownDevice(cookies.device, user.user_id) : null;
    // An email without an account (or an account without a password) takes the same point and
    // the same argon2 work as a wrong password: the texts differ (docs/product.md#error-texts), the time does not.
    const check = await this.limits.passwordCheckStarting(email, knownDevice ? { userId: user!.user_id, deviceId: knownDevice.deviceId } : null);
    const right = await checkPassword(user?.password_hash, password);
    if (!user) throw invalid('email_unknown', LOGIN_UNKNOWN_EMAIL);
    if (!user.password_hash) throw unauthenticated('no_password_yet', LOGIN_NO_PASSWORD_YET);
    if (!right) {
      // Recorded once the answer is on its way: its commit would make a wrong password slower than an unknown email.
      this.afterTheAnswer.run('recording a failed login', () => this.log.record({ userId: user.user_id, kind: 'login_failed', ...caller }));
      throw unauthenticated('wrong_password', LOGIN_WRONG_PASSWORD);
    }
    await this.limits.loginSucceeded(check, caller.ip);
    // Said before the second step: that step could not open a session either.
    await this.resets.refuseLoginIfRequired(user.user_id);
    const methods = await this.factors.methods(user.user_id);
    if (methods.length > 0) {
      // No session until the second factor: the password alone opens nothing.
      const token = await this.pending.begin(user.user_id, !knownDevice);
      return { answer: { second_factor_required: true, methods }, cookies: { pendingLogin: token } };
    }
    const signedIn = await this.signIn.complete(user, { password: true, secondFactor: null, newBrowser: !knownDevice }, caller, cookies);
    return { answer: toUserObject(user), cookies: signedIn };
  }
}
