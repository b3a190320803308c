import { Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';

import { MailModule } from '../mail';
import { AuthController } from './auth.controller';
import { DeviceCookies } from './device-cookies';
import { AccessGuard, CsrfGuard } from './guards';
import { OneTimeCodes } from './one-time-codes';
import { PublicFormsController } from './public-forms.controller';
import { RateLimits } from './rate-limits';
import { SessionCache } from './session-cache';
import { SessionsService } from './sessions.service';
import { UsersRepository } from './users.repository';

/** Users, sessions, CSRF, login and password flows. Guards apply to every route of the API. */
@Module({
  imports: [MailModule],
  controllers: [AuthController, PublicFormsController],
  providers: [
    UsersRepository,
    SessionCache,
    SessionsService,
    OneTimeCodes,
    RateLimits,
    DeviceCookies,
    // Order matters: CSRF first (cheap, no database), then the session and access checks.
    { provide: APP_GUARD, useClass: CsrfGuard },
    { provide: APP_GUARD, useClass: AccessGuard },
  ],
  exports: [UsersRepository, SessionsService, SessionCache, OneTimeCodes, RateLimits],
})
export class IdentityModule {}
