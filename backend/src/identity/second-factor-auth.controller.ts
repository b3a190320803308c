import type { SteppedUp } from '@escrow/domain';
import { Body, Controller, ForbiddenException, HttpCode, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../http/openapi';
import { Access, CurrentUser } from './access.decorators';
import { PendingLogins } from './pending-logins';
import { SecondFactorRefused, SecondFactors } from './second-factors';
import { SecondFactorCodeRequest } from './second-factors.dto';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser, UserObject } from './session-user';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { SECOND_FACTOR_REQUIRED } from './step-up.decorators';
import { toUserObject, UsersRepository } from './users.repository';

export const LOGIN_EXPIRED = 'Your sign-in took too long or was already used. Enter your email and password again.';

/** The second step of a login and the step-up of a session. */
@Controller()
export class SecondFactorAuthController {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly pending: PendingLogins,
    private readonly signIn: SignIn,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
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

  private async checked(userId: number, code: string, request: FastifyRequest, during: 'login' | 'step_up'): Promise<'totp' | 'recovery'> {
    try {
      return await this.factors.check(userId, code);
    } catch (error) {
      if (error instanceof SecondFactorRefused) await this.log.record({ userId, kind: 'second_factor_failed', ...requestContext(request), detail: { during } });
      throw error;
    }
  }
}
