import type { EmailConfirmed, EmailVerified, SteppedUp } from '@escrow/domain';
import { Body, Controller, ForbiddenException, HttpCode, NotFoundException, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../http/openapi';
import { Access, CurrentUser } from './access.decorators';
import { LINK_INVALID } from './auth.controller';
import { EmailVerification } from './email-verification';
import { PendingLogins } from './pending-logins';
import { RateLimits } from './rate-limits';
import { SecondFactorRefused, SecondFactors } from './second-factors';
import { LinkCodeRequest, SecondFactorCodeRequest } from './second-factors.dto';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser, UserObject } from './session-user';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { SECOND_FACTOR_REQUIRED } from './step-up.decorators';
import { toUserObject, UsersRepository } from './users.repository';

export const LOGIN_EXPIRED = 'Your sign-in took too long or was already used. Enter your email and password again.';

/** The second step of a login, the step-up of a session, and the links that prove an email address. */
@Controller()
export class SecondFactorAuthController {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly pending: PendingLogins,
    private readonly signIn: SignIn,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly limits: RateLimits,
    private readonly verification: EmailVerification,
  ) {}

  /** A TOTP or recovery code after the password: the session starts, stepped up. */
  @Answers('UserObject')
  @Post('auth/login/second-factor')
  @HttpCode(200)
  async secondFactor(
    @Body() body: SecondFactorCodeRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserObject> {
    const login = await this.pending.read(request);
    if (!login) throw new UnauthorizedException({ message: LOGIN_EXPIRED, reason: 'login_expired' });
    const method = await this.checked(login.userId, body.code, request, 'login');
    // One use: of two requests racing with good codes, one starts the session.
    const completed = await this.pending.complete(request, reply);
    const user = completed ? await this.users.byId(completed.userId) : null;
    if (!user) throw new UnauthorizedException({ message: LOGIN_EXPIRED, reason: 'login_expired' });
    await this.signIn.complete(user, { password: true, secondFactor: method, newBrowser: completed!.newBrowser }, request, reply);
    return toUserObject(user);
  }

  /** A TOTP or recovery code from a signed-in user: the session may move money for STEP_UP_WINDOW. */
  @Answers('SteppedUp')
  @Post('auth/step-up')
  @Access('user')
  @HttpCode(200)
  async stepUp(@Body() body: SecondFactorCodeRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SteppedUp> {
    if (!user.hasSecondFactor) throw new ForbiddenException({ message: SECOND_FACTOR_REQUIRED, reason: 'second_factor_required' });
    const method = await this.checked(user.userId, body.code, request, 'step_up');
    const until = await this.sessions.stepUp(user.sessionId!);
    await this.log.record({ userId: user.userId, kind: 'step_up', ...requestContext(request), detail: { method } });
    if (method === 'recovery') await this.log.record({ userId: user.userId, kind: 'recovery_code_used', ...requestContext(request) });
    return { stepped_up_until: until.toISOString() };
  }

  /** The link of the verification mail (/verify-email/:code). */
  @Answers('EmailVerified')
  @Post('auth/email/verify')
  @HttpCode(200)
  async verifyEmail(@Body() body: LinkCodeRequest, @Req() request: FastifyRequest): Promise<EmailVerified> {
    await this.limits.codeChecked(request.ip);
    const userId = await this.verification.verify(body.code);
    if (userId === null) throw new NotFoundException(LINK_INVALID);
    await this.sessions.refresh(userId);
    await this.log.record({ userId, kind: 'email_verified', ...requestContext(request) });
    return { email_verified: true };
  }

  /** The link mailed to a new address (/confirm-email/:code): the account's email changes now. */
  @Answers('EmailConfirmed')
  @Post('auth/email/confirm')
  @HttpCode(200)
  async confirmEmail(@Body() body: LinkCodeRequest, @Req() request: FastifyRequest): Promise<EmailConfirmed> {
    await this.limits.codeChecked(request.ip);
    const changed = await this.verification.confirmChange(body.code);
    if (!changed) throw new NotFoundException(LINK_INVALID);
    await this.sessions.refresh(changed.userId);
    await this.log.record({
      userId: changed.userId,
      kind: 'email_changed',
      ...requestContext(request),
      detail: { from: changed.oldEmail, to: changed.newEmail },
    });
    return { email: changed.newEmail };
  }

  private async checked(userId: number, code: string, request: FastifyRequest, during: 'login' | 'step_up'): Promise<'totp' | 'recovery'> {
    try {
      return await this.factors.check(userId, code);
    } catch (error) {
      if (error instanceof SecondFactorRefused) await this.log.record({ userId, kind: 'second_factor_failed', ...requestContext(request), detail: { during } });
      throw error;
    }
  }
}
