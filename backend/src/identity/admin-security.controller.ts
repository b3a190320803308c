import type { AdminSecurityLogPage, MessageAnswer } from '@escrow/domain';
import { BadRequestException, Controller, Get, HttpCode, Inject, NotFoundException, Param, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { Answers } from '../http/openapi';
import { ParseIdPipe } from '../http/parse-id.pipe';
import { MAIL_PORT, type MailPort } from '../mail';
import { Access, CurrentUser } from './access.decorators';
import { pageNumber } from './account-security.controller';
import { EVERY_ADMIN_ROLE } from './admin-role.check';
import { SecondFactors } from './second-factors';
import { requestContext, SecurityLog } from './security-log';
import type { SessionUser } from './session-user';
import { SessionsService } from './sessions.service';
import { AdminRoles, StepUp } from './step-up.decorators';
import { UsersRepository } from './users.repository';

/** Administrators: everyone's security log, and the reset of a user who lost every factor. */
@Controller('admin')
@Access('admin')
export class AdminSecurityController {
  constructor(
    private readonly users: UsersRepository,
    private readonly factors: SecondFactors,
    private readonly sessions: SessionsService,
    private readonly log: SecurityLog,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers('AdminSecurityLogPage')
  @Get('security-log')
  @AdminRoles(...EVERY_ADMIN_ROLE)
  securityLog(@Query('user_id') userId?: string, @Query('kind') kind?: string, @Query('page') page?: string): Promise<AdminSecurityLogPage> {
    const user = userId === undefined || userId === '' ? null : Number(userId);
    if (user !== null && (!Number.isInteger(user) || user < 1 || user > 2_147_483_647)) throw new BadRequestException('user_id must be a user id.');
    if (kind !== undefined && (typeof kind !== 'string' || kind.length > 60)) throw new BadRequestException('kind must be a kind of the security log.');
    return this.log.page({ userId: user, kind: kind || null }, pageNumber(page));
  }

  /**
   * A user lost every factor and their recovery codes: an owner (with a fresh second factor)
   * removes their TOTP, passkeys and codes and ends their sessions; the user is mailed and the
   * log names the owner.
   */
  @Answers('MessageAnswer')
  @Post('users/:id/second-factors/reset')
  @AdminRoles('owner')
  @StepUp()
  @HttpCode(200)
  async reset(@Param('id', ParseIdPipe) userId: number, @CurrentUser() admin: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    const user = await this.users.byId(userId);
    if (!user) throw new NotFoundException('There is no such user.');
    await this.factors.removeAll(userId);
    const ended = await this.sessions.revokeAll(userId);
    await this.log.record({ userId, actorId: admin.userId, kind: 'factors_reset_by_admin', ...requestContext(request), detail: { sessions_ended: ended } });
    await this.mail.send({
      to: user.email,
      subject: 'Your Escrow Ledger second factors were reset',
      text:
        `Hello ${user.first_name},\n\nAn administrator (${admin.displayName}) removed your authenticator app, passkeys and recovery codes, ` +
        `and ended your sessions, as you asked.\n\nLog in with your password and set up a second factor again at ${this.config.publicUrl}/portal/account/security\n\n` +
        `If you did not ask for this, contact us at once.`,
    });
    return { message: `The second factors of ${user.first_name} ${user.last_name} were removed and their sessions ended.` };
  }
}
