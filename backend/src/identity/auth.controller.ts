import type { LinkOwner, MessageAnswer, NobodySignedIn, PasswordResetDone, ResetCodesRemoved, SecondFactorRequired, UserSecurity } from '@escrow/domain';
import {
  BadRequestException,
  Body,
  ConflictException,
  Controller,
  Delete,
  ForbiddenException,
  Get,
  HttpCode,
  HttpStatus,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Req,
  Res,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { MAIL_PORT, type MailPort } from '../mail';
import { Access, CurrentUser } from './access.decorators';
import { AcceptInvitationRequest, ForgotPasswordRequest, LoginRequest, ResetPasswordRequest, SignupRequest } from './auth.dto';
import { EmailVerification } from './email-verification';
import { OneTimeCodes } from './one-time-codes';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE, verifyPassword } from './passwords';
import { PendingLogins } from './pending-logins';
import { isEmail, normalizeEmail, normalizePhone } from './phone';
import { RateLimits } from './rate-limits';
import { SecondFactors } from './second-factors';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser, UserObject } from './session-user';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { toUserObject, UsersRepository } from './users.repository';

export const LOGIN_UNKNOWN_EMAIL = "We couldn't find an account with that email address.";
export const LOGIN_WRONG_PASSWORD = 'That password is not correct. Try again or reset your password.';
const LOGIN_NO_PASSWORD_YET = 'This account has no password yet. Use the link in your invitation email, or reset your password.';
export const FORGOT_UNKNOWN_EMAIL = "Sorry, we couldn't find an account with that email address.";
export const LINK_INVALID = 'Link invalid.';

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
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * The current user, or {} when nobody is logged in (spec §6: "user_id above 0" fails), with
   * what the portal needs to know about their second factors and this session's step-up.
   */
  @Answers({ oneOf: ['UserObject', 'NobodySignedIn'] })
  @Get('user')
  async currentUser(@CurrentUser() user: SessionUser | null): Promise<(UserObject & { security: UserSecurity }) | NobodySignedIn> {
    if (!user) return {};
    const row = await this.users.byId(user.userId);
    if (!row) return {};
    const [status, steppedUpUntil] = await Promise.all([
      this.factors.status(user.userId),
      user.sessionId === null ? null : this.sessions.steppedUpUntil(user.sessionId),
    ]);
    return {
      ...toUserObject(row),
      security: {
        second_factor: status.totp.enrolled || status.passkeys.length > 0,
        totp: status.totp.enrolled,
        passkeys: status.passkeys.length,
        recovery_codes_left: status.recovery_codes_left,
        stepped_up_until: steppedUpUntil,
        email_verified: row.email_verified_at != null,
      },
    };
  }

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

  /** Emails a reset link. Unknown emails get the failure text of spec §8. */
  @Answers('MessageAnswer')
  @Post('user/password/forgot')
  @HttpCode(200)
  async forgotPassword(@Body() body: ForgotPasswordRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    await this.limits.resetRequested(email, request.ip);
    const user = await this.users.byEmail(email);
    if (!user) throw new NotFoundException(FORGOT_UNKNOWN_EMAIL);
    const code = await this.codes.issue(user.user_id, 'password_reset');
    await this.mail.send({
      to: user.email,
      subject: 'Reset your Escrow Ledger password',
      text: `Hello ${user.first_name},\n\nSomeone (hopefully you) asked to reset your Escrow Ledger password. Choose a new one here within the hour:\n\n${this.config.publicUrl}/password/reset/${code}\n\nIf it was not you, ignore this email: your password stays as it is.`,
    });
    return { message: 'Email Sent.' };
  }

  /** Checks a reset link (spec §4): the user when the code is valid, 404 'Link invalid.' otherwise. */
  @Answers('LinkOwner')
  @Get('auth/customer/:code')
  async checkResetCode(@Param('code') code: string, @Req() request: FastifyRequest): Promise<LinkOwner> {
    await this.limits.codeChecked(request.ip);
    const userId = await this.codes.check(code, 'password_reset');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw new NotFoundException(LINK_INVALID);
    return { user_id: user.user_id, first_name: user.first_name, last_name: user.last_name, email: user.email };
  }

  /** Sets the new password and uses up the code; every session of the user ends. */
  @Answers('PasswordResetDone')
  @Put('user/password/reset')
  @HttpCode(200)
  async resetPassword(@Body() body: ResetPasswordRequest, @Req() request: FastifyRequest): Promise<PasswordResetDone> {
    if (!isAcceptablePassword(body.password)) throw new BadRequestException(PASSWORD_RULE);
    await this.limits.codeChecked(request.ip);
    const userId = await this.codes.consume(body.code, 'password_reset');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw new NotFoundException(LINK_INVALID);
    await this.users.setPassword(user.user_id, await hashPassword(body.password));
    await this.sessions.revokeAll(user.user_id);
    await this.log.record({ userId: user.user_id, kind: 'password_changed', ...requestContext(request), detail: { by: 'reset_link' } });
    return { user_id: user.user_id, email: user.email };
  }

  /** Removes the user's remaining reset codes (the last step of spec §4's reset flow). */
  @Answers('ResetCodesRemoved')
  @Delete('customer/code/:user_id')
  @Access('user')
  @HttpCode(200)
  async removeResetCodes(@Param('user_id', ParseIdPipe) userId: number, @CurrentUser() user: SessionUser): Promise<ResetCodesRemoved> {
    if (user.userId !== userId && user.role !== 'admin') throw new ForbiddenException('You can only remove your own reset codes.');
    return { removed: await this.codes.removeAll(userId, 'password_reset') };
  }

  /** An invited buyer (/customer/new/{hash}) sees who the invitation is for. */
  @Answers('LinkOwner')
  @Get('auth/invite/:hash')
  async checkInvitation(@Param('hash') hash: string, @Req() request: FastifyRequest): Promise<LinkOwner> {
    await this.limits.codeChecked(request.ip);
    const userId = await this.codes.check(hash, 'invitation');
    const user = userId === null ? null : await this.users.byId(userId);
    if (!user) throw new NotFoundException(LINK_INVALID);
    return { user_id: user.user_id, first_name: user.first_name, last_name: user.last_name, email: user.email };
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
