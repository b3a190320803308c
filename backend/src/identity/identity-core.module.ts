import { Module } from '@nestjs/common';

import { AfterTheAnswer } from './after-the-answer';
import { AccessGuard, CsrfGuard } from './guards';
import { OneTimeCodes } from './one-time-codes';
import { RateLimits } from './rate-limits';
import { RenewedSessionCookie } from './renewed-session-cookie';
import { SecurityLog } from './security-log';
import { SessionCache } from './session-cache';
import { SessionsService } from './sessions.service';
import { TakeoverReports } from './takeover-reports';
import { UsersRepository } from './users.repository';

const CORE = [
  UsersRepository,
  SessionCache,
  SessionsService,
  SecurityLog,
  RateLimits,
  OneTimeCodes,
  AfterTheAnswer,
  TakeoverReports,
  CsrfGuard,
  AccessGuard,
  RenewedSessionCookie,
];

/**
 * What every route of the API and every module of identity stands on: who is calling (the
 * sessions, their cache, the CSRF and access guards and the interceptor that sends a renewed
 * session cookie, made global in their order in src/global-enhancers.ts), the users, the security
 * log, the attempt limits, the one-time codes and the work done after the answer (mail a public form
must not wait for, lest its answer's time tell who has an account). Imported by identity's three modules of routes,
 * and re-exported by IdentityModule to the other contexts.
 */
@Module({ providers: CORE, exports: CORE })
export class IdentityCoreModule {}
