import type { MessageAnswer, PasskeyAdded, PasskeyRegistrationChallenge, PasskeySignInChallenge, SteppedUp } from '@escrow/domain';
import { Body, Controller, Delete, ForbiddenException, HttpCode, HttpStatus, Param, Patch, Post, Req, Res, UnauthorizedException } from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';

import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { Access, CurrentUser } from './access.decorators';
import { Passkeys, type PasskeyView } from './passkeys';
import { PendingLogins } from './pending-logins';
import { RateLimits } from './rate-limits';
import { LOGIN_EXPIRED } from './second-factor-auth.controller';
import { SecondFactors } from './second-factors';
import { PasskeyNameRequest, PasskeyRegistrationRequest, PasskeyResponseRequest } from './second-factors.dto';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser, UserObject } from './session-user';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { EnrolsFirstFactor, SECOND_FACTOR_REQUIRED, StepUp } from './step-up.decorators';
import { toUserObject, UsersRepository } from './users.repository';

/** Passkeys: enrol, rename and remove one's own; sign in with one (alone, or after the password); step up with one. */
@Controller()
export class PasskeysController {
  constructor(
    private readonly passkeys: Passkeys,
    private readonly factors: SecondFactors,
    private readonly users: UsersRepository,
    private readonly pending: PendingLogins,
    private readonly signIn: SignIn,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly limits: RateLimits,
  ) {}

  @Answers('PasskeyRegistrationChallenge')
  @Post('account/passkeys/options')
  @Access('user')
  @HttpCode(200)
  async registrationOptions(@CurrentUser() user: SessionUser): Promise<PasskeyRegistrationChallenge> {
    return { options: await this.passkeys.registrationOptions(user) };
  }

  /** Adds a passkey; the first second factor of a user also answers ten recovery codes (shown once). */
  @Answers('PasskeyAdded', HttpStatus.CREATED)
  @Post('account/passkeys')
  @Access('user')
  @StepUp()
  @EnrolsFirstFactor()
  @HttpCode(201)
  async register(@Body() body: PasskeyRegistrationRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<PasskeyAdded> {
    const hadFactor = await this.factors.hasFactor(user.userId);
    const passkey = await this.passkeys.register(user.userId, body.name, body.response);
    if (user.sessionId !== null) await this.sessions.stepUp(user.sessionId);
    await this.sessions.refresh(user.userId);
    await this.log.record({
      userId: user.userId,
      kind: 'passkey_added',
      ...requestContext(request),
      detail: { passkey_id: passkey.passkey_id, name: passkey.name },
    });
    if (hadFactor) return passkey;
    const codes = await this.factors.newRecoveryCodes(user.userId);
    await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...requestContext(request) });
    return { ...passkey, recovery_codes: codes };
  }

  @Answers('PasskeyView')
  @Patch('account/passkeys/:id')
  @Access('user')
  async rename(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: PasskeyNameRequest,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<PasskeyView> {
    const passkey = await this.passkeys.rename(user.userId, id, body.name);
    await this.log.record({ userId: user.userId, kind: 'passkey_renamed', ...requestContext(request), detail: { passkey_id: id, name: passkey.name } });
    return passkey;
  }

  @Answers('MessageAnswer')
  @Delete('account/passkeys/:id')
  @Access('user')
  @StepUp()
  @HttpCode(200)
  async remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const passkey = await this.passkeys.remove(user.userId, id);
    await this.factors.forgetRecoveryCodesIfNoFactor(user.userId);
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'passkey_removed', ...requestContext(request), detail: { passkey_id: id, name: passkey.name } });
    return { message: `The passkey "${passkey.name}" was removed.` };
  }

  /** Options for signing in: bound to the user of a pending login (its second step), else usernameless. */
  @Answers('PasskeySignInChallenge')
  @Post('auth/passkey/options')
  @HttpCode(200)
  async loginOptions(@Req() request: FastifyRequest): Promise<PasskeySignInChallenge> {
    await this.limits.codeChecked(request.ip);
    const pending = await this.pending.read(request);
    return { options: await this.passkeys.authenticationOptions(pending?.userId ?? null) };
  }

  /** Signs in with a passkey: without a password (usernameless), or as the second step of a pending login. */
  @Answers('UserObject')
  @Post('auth/passkey/login')
  @HttpCode(200)
  async login(@Body() body: PasskeyResponseRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserObject> {
    await this.limits.codeChecked(request.ip);
    const pending = await this.pending.read(request);
    const userId = await this.passkeys.authenticate(body.response, pending?.userId ?? null);
    const completed = pending ? await this.pending.complete(request, reply) : null;
    if (pending && !completed) throw new UnauthorizedException({ message: LOGIN_EXPIRED, reason: 'login_expired' });
    const user = await this.users.byId(userId);
    if (!user) throw new UnauthorizedException({ message: LOGIN_EXPIRED, reason: 'login_expired' });
    const knownDevice = await this.signIn.knownDevice(request, userId);
    await this.signIn.complete(
      user,
      { password: completed !== null, secondFactor: 'passkey', newBrowser: completed ? completed.newBrowser : !knownDevice },
      request,
      reply,
    );
    return toUserObject(user);
  }

  @Answers('PasskeySignInChallenge')
  @Post('auth/step-up/passkey/options')
  @Access('user')
  @HttpCode(200)
  async stepUpOptions(@CurrentUser() user: SessionUser): Promise<PasskeySignInChallenge> {
    if (!user.hasSecondFactor) throw new ForbiddenException({ message: SECOND_FACTOR_REQUIRED, reason: 'second_factor_required' });
    return { options: await this.passkeys.authenticationOptions(user.userId) };
  }

  @Answers('SteppedUp')
  @Post('auth/step-up/passkey')
  @Access('user')
  @HttpCode(200)
  async stepUp(@Body() body: PasskeyResponseRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SteppedUp> {
    try {
      await this.passkeys.authenticate(body.response, user.userId);
    } catch (error) {
      await this.log.record({
        userId: user.userId,
        kind: 'second_factor_failed',
        ...requestContext(request),
        detail: { during: 'step_up', method: 'passkey' },
      });
      throw error;
    }
    const until = await this.sessions.stepUp(user.sessionId!);
    await this.log.record({ userId: user.userId, kind: 'step_up', ...requestContext(request), detail: { method: 'passkey' } });
    return { stepped_up_until: until.toISOString() };
  }
}
