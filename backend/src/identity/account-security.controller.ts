import type { AccountSecurity, AccountSession, MessageAnswer, RecoveryCodes, SecurityLogPage, SessionsEnded, TotpConfirmed, TotpSetup } from '@escrow/domain';
import {
  BadRequestException,
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Inject,
  NotFoundException,
  Param,
  Post,
  Put,
  Query,
  Req,
  UnauthorizedException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { MAIL_PORT, type MailPort } from '../mail';
import { Access, CurrentUser } from './access.decorators';
import { EmailVerification } from './email-verification';
import { hashPassword, isAcceptablePassword, PASSWORD_RULE, verifyPassword } from './passwords';
import { isEmail, normalizeEmail } from './phone';
import { RateLimits } from './rate-limits';
import { SecondFactors } from './second-factors';
import { ChangeEmailRequest, ChangePasswordRequest, SecondFactorCodeRequest } from './second-factors.dto';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser } from './session-user';
import { SessionsService } from './sessions.service';
import { EnrolsFirstFactor, StepUp } from './step-up.decorators';
import { UsersRepository } from './users.repository';

/** A page number from the query string: 1 when absent, 400 when not a positive integer. */
export function pageNumber(text: unknown): number {
  if (text === undefined || text === '') return 1;
  const page = Number(text);
  if (!Number.isInteger(page) || page < 1 || page > 100_000) throw new BadRequestException('page must be a whole number from 1.');
  return page;
}

/** The signed-in user's own security: second factors, sessions, the log, email and password. */
@Controller('account')
@Access('user')
export class AccountSecurityController {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    private readonly verification: EmailVerification,
    private readonly limits: RateLimits,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers('AccountSecurity')
  @Get('security')
  async security(@CurrentUser() user: SessionUser): Promise<AccountSecurity> {
    const [status, row, until] = await Promise.all([
      this.factors.status(user.userId),
      this.users.byId(user.userId),
      user.sessionId === null ? null : this.sessions.steppedUpUntil(user.sessionId),
    ]);
    return { ...status, stepped_up_until: until, email: row!.email, email_verified: row!.email_verified_at != null };
  }

  /** A new secret for an authenticator app (shown as text and as a QR code); enrolled once a code from it is confirmed. */
  @Answers('TotpSetup')
  @Post('totp/setup')
  @HttpCode(200)
  totpSetup(@CurrentUser() user: SessionUser): Promise<TotpSetup> {
    return this.factors.beginTotp(user.userId, user.email);
  }

  @Answers('TotpConfirmed')
  @Post('totp')
  @StepUp()
  @EnrolsFirstFactor()
  @HttpCode(200)
  async totpConfirm(@Body() body: SecondFactorCodeRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<TotpConfirmed> {
    const answer = await this.factors.confirmTotp(user.userId, body.code);
    // The code just checked is a second factor: this session is stepped up.
    if (user.sessionId !== null) await this.sessions.stepUp(user.sessionId);
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'totp_enrolled', ...requestContext(request) });
    if (answer.recovery_codes) await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...requestContext(request) });
    return answer;
  }

  @Answers('MessageAnswer')
  @Delete('totp')
  @StepUp()
  @HttpCode(200)
  async totpRemove(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    if (!(await this.factors.removeTotp(user.userId))) throw new NotFoundException('No authenticator app is set up.');
    await this.sessions.refresh(user.userId);
    await this.log.record({ userId: user.userId, kind: 'totp_removed', ...requestContext(request) });
    return { message: 'The authenticator app was removed.' };
  }

  @Answers('RecoveryCodes')
  @Post('recovery-codes')
  @StepUp()
  @HttpCode(200)
  async recoveryCodes(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<RecoveryCodes> {
    if (!(await this.factors.hasFactor(user.userId)))
      throw new BadRequestException('Set up an authenticator app or a passkey first: recovery codes are a way back to them.');
    const codes = await this.factors.newRecoveryCodes(user.userId);
    await this.log.record({ userId: user.userId, kind: 'recovery_codes_generated', ...requestContext(request) });
    return { recovery_codes: codes };
  }

  @Answers(['AccountSession'])
  @Get('sessions')
  listSessions(@CurrentUser() user: SessionUser): Promise<AccountSession[]> {
    return this.sessions.list(user.userId, user.sessionId);
  }

  @Answers('MessageAnswer')
  @Delete('sessions/:id')
  @HttpCode(200)
  async endSession(@Param('id', ParseIdPipe) sessionId: number, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    if (!(await this.sessions.revokeOne(user.userId, sessionId))) throw new NotFoundException('That session has already ended.');
    await this.log.record({ userId: user.userId, kind: 'session_ended', ...requestContext(request), detail: { ended_session_id: sessionId } });
    return { message: 'The session was ended.' };
  }

  @Answers('SessionsEnded')
  @Delete('sessions')
  @HttpCode(200)
  async endOtherSessions(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SessionsEnded> {
    const ended = await this.sessions.revokeOthers(user.userId, user.sessionId ?? 0);
    await this.log.record({ userId: user.userId, kind: 'sessions_ended', ...requestContext(request), detail: { ended } });
    return { ended };
  }

  @Answers('SecurityLogPage')
  @Get('security-log')
  securityLog(@CurrentUser() user: SessionUser, @Query('page') page?: string): Promise<SecurityLogPage> {
    return this.log.page({ userId: user.userId }, pageNumber(page)).then(({ entries, ...rest }) => ({
      entries: entries.map(({ user_id: _u, user_name: _n, ...entry }) => entry),
      ...rest,
    }));
  }

  /** Sends the verification link again. */
  @Answers('MessageAnswer')
  @Post('email/verification')
  @HttpCode(200)
  async sendVerification(@CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    if (user.emailVerified) throw new BadRequestException('Your email address is already verified.');
    await this.limits.resetRequested(user.email, request.ip);
    await this.verification.send({ user_id: user.userId, email: user.email, first_name: user.firstName });
    return { message: `We sent a link to ${user.email}.` };
  }

  /** Mails a confirmation link to the new address and a notice to the old one; the address changes when the link is opened. */
  @Answers('MessageAnswer')
  @Put('email')
  @StepUp()
  @HttpCode(200)
  async changeEmail(@Body() body: ChangeEmailRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const email = normalizeEmail(body.email);
    if (!isEmail(email)) throw new BadRequestException('Please enter a valid email address.');
    if (email === user.email) throw new BadRequestException('That is already your email address.');
    await this.verification.requestChange({ user_id: user.userId, email: user.email, first_name: user.firstName }, email);
    await this.log.record({ userId: user.userId, kind: 'email_change_requested', ...requestContext(request), detail: { to: email } });
    return { message: `We sent a link to ${email}. Your address changes when you open it.` };
  }

  /** A new password: the current one is checked, every other session ends, the user is mailed. */
  @Answers('MessageAnswer')
  @Put('password')
  @StepUp()
  @HttpCode(200)
  async changePassword(@Body() body: ChangePasswordRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    if (!isAcceptablePassword(body.password)) throw new BadRequestException(PASSWORD_RULE);
    const row = await this.users.byId(user.userId);
    const check = await this.limits.passwordCheckStarting(user.email, null);
    if (!(await verifyPassword(row!.password_hash, body.current_password)))
      throw new UnauthorizedException({ message: 'Your current password is not correct.', reason: 'wrong_password' });
    await this.limits.loginSucceeded(check, request.ip);
    await this.users.setPassword(user.userId, await hashPassword(body.password));
    const ended = await this.sessions.revokeOthers(user.userId, user.sessionId ?? 0);
    await this.log.record({ userId: user.userId, kind: 'password_changed', ...requestContext(request), detail: { other_sessions_ended: ended } });
    await this.mail.send({
      to: user.email,
      subject: 'Your Escrow Ledger password was changed',
      text:
        `Hello ${user.firstName},\n\nThe password of your Escrow Ledger account was just changed, and every other session was ended.\n\n` +
        `If it was not you: reset your password at ${this.config.publicUrl}/password/forgot and check ${this.config.publicUrl}/portal/account/security`,
    });
    return { message: 'Your password was changed. Other sessions were ended.' };
  }
}
