import type { MessageAnswer, SecondFactorRequired } from '@escrow/domain';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  Post,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import { Answers } from '../http/openapi';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { AcceptInvitationRequest, LoginRequest, SignupRequest } from './auth.dto';
import { EmailVerification } from './email-verification';
import { LINK_INVALID, OneTimeCodes } from './one-time-codes';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE, verifyPassword } from './passwords';
import { PendingLogins } from './pending-logins';
import { isEmail, normalizeEmail, normalizePhone } from './phone';
import { RateLimits } from './rate-limits';
import { SecondFactors } from './second-factors';
import { requestContext, SecurityLog } from './security-log';
import type { UserObject } from './session-user';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { toUserObject, UsersRepository } from './users.repository';

export const LOGIN_UNKNOWN_EMAIL = "We couldn't find an account with that email address.";
export const LOGIN_WRONG_PASSWORD = 'That password is not correct. Try again or reset your password.';
const LOGIN_NO_PASSWORD_YET = 'This account has no password yet. Use the link in your invitation email, or reset your password.';

@Controller()
export class AuthController {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly codes: OneTimeCodes,
    private readonly limits: RateLimits,
    private readonly signIn: SignIn,
    private readonly pending: PendingLogins,
    private readonly factors: SecondFactors,
    private readonly log: SecurityLog,
    private readonly verification: EmailVerification,
  ) {}

  /**
   * 400 texts belong under the email field, 401 texts under the password field (spec §8). Every
   * limit is taken before the work it limits: the address's point before anything, the email's
   * (or this known browser's) point before argon2, so no number of parallel guesses gets more
   * password checks than the allowance. A success gives both back.
   */
  @Answers({ oneOf: ['UserObject', 'SecondFactorRequired'] })
  @Post('auth/login')
  @HttpCode(200)
  async login(
    @Body() body: LoginRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserObject | SecondFactorRequired> {
    const email = normalizeEmail(body.email);
    if (!email) throw new BadRequestException('Please enter your email address.');
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    if (!body.password) throw new UnauthorizedException('Please enter your password.');
    await this.limits.loginAttempted(request.ip);
    const user = await this.users.byEmail(email);
    if (!user) throw new BadRequestException(LOGIN_UNKNOWN_EMAIL);
    if (!user.password_hash) throw new UnauthorizedException(LOGIN_NO_PASSWORD_YET);
    const knownDevice = await this.signIn.knownDevice(request, user.user_id);
    const check = await this.limits.passwordCheckStarting(email, knownDevice ? { userId: user.user_id, deviceId: knownDevice.deviceId } : null);
    if (!(await verifyPassword(user.password_hash, body.password))) {
      await this.log.record({ userId: user.user_id, kind: 'login_failed', ...requestContext(request) });
      throw new UnauthorizedException(LOGIN_WRONG_PASSWORD);
    }
    await this.limits.loginSucceeded(check, request.ip);
    const methods = await this.factors.methods(user.user_id);
    if (methods.length > 0) {
      // No session until the second factor: the password alone opens nothing.
      await this.pending.begin(user.user_id, !knownDevice, request, reply);
      return { second_factor_required: true, methods };
    }
    await this.signIn.complete(user, { password: true, secondFactor: null, newBrowser: !knownDevice }, request, reply);
    return toUserObject(user);
  }

  @Answers('MessageAnswer')
  @Post('auth/logout')
  @HttpCode(200)
  async logout(@Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<MessageAnswer> {
    await this.sessions.end(request, reply);
    return { message: 'Logged out.' };
  }

  /** Buyer sign-up (/new): the new account is logged in at once. */
  @Answers('UserObject', HttpStatus.CREATED)
  @Post('auth/signup')
  @HttpCode(201)
  async signup(@Body() body: SignupRequest, @Req() request: FastifyRequest, @Res({ passthrough: true }) reply: FastifyReply): Promise<UserObject> {
    const firstName = body.first_name.trim();
    const lastName = body.last_name.trim();
    const email = normalizeEmail(body.email);
    const phone = normalizePhone(body.phone);
    if (!firstName) throw new BadRequestException('Please enter your first name.');
    if (!lastName) throw new BadRequestException('Please enter your last name.');
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    if (!phone) throw new BadRequestException('Please enter a 10-digit phone number.');
    if (!isAcceptablePassword(body.password)) throw new BadRequestException(PASSWORD_RULE);
    await this.limits.publicFormSent(request.ip);
    if (await this.users.byEmail(email)) throw new ConflictException('An account with this email already exists. Log in or reset your password.');
    const user = await UsersRepository.insert(this.pool, { firstName, lastName, phone, email, passwordHash: await hashPassword(body.password) }).catch(
      (error: { code?: string }) => {
        if (error.code === '23505') throw new ConflictException('An account with this email already exists. Log in or reset your password.');
        throw error;
      },
    );
    await this.sessions.start(user.user_id, request, reply, { password: true, secondFactor: false });
    await this.verification.send(user);
    return toUserObject(user);
  }

  /** The invited buyer chooses a password and is logged in. */
  @Answers('UserObject')
  @Post('auth/invite/:hash')
  @HttpCode(200)
  async acceptInvitation(
    @Param('hash') hash: string,
    @Body() body: AcceptInvitationRequest,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<UserObject> {
    if (!isAcceptablePassword(body.password)) throw new BadRequestException(PASSWORD_RULE);
    await this.limits.codeChecked(request.ip);
    const userId = await this.codes.consume(hash, 'invitation');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw new NotFoundException(LINK_INVALID);
    await this.users.setPassword(user.user_id, await hashPassword(body.password));
    // The invitation came to this address: opening it proves the address.
    await this.users.markEmailVerified(user.user_id);
    await this.sessions.start(user.user_id, request, reply, { password: true, secondFactor: false });
    return toUserObject(user);
  }
}
