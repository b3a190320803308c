import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AccountSecurityController } from './account-security.controller';
import { AdminSecurityController } from './admin-security.controller';
import { AuthController } from './auth.controller';
import { DeviceCookies } from './device-cookies';
import { EmailVerification } from './email-verification';
import { AccessGuard, CsrfGuard } from './guards';
import { OneTimeCodes } from './one-time-codes';
import { Passkeys } from './passkeys';
import { PasskeysController } from './passkeys.controller';
import { PendingLogins } from './pending-logins';
import { RateLimits } from './rate-limits';
import { RequestAccountDeletionHandler } from './request-account-deletion/request-account-deletion.handler';
import { RequestAccountDeletionController } from './request-account-deletion/request-account-deletion.http.controller';
import { SecondFactorAuthController } from './second-factor-auth.controller';
import { SecondFactors } from './second-factors';
import { SecurityLog } from './security-log';
import { SendContactMessageHandler } from './send-contact-message/send-contact-message.handler';
import { SendContactMessageController } from './send-contact-message/send-contact-message.http.controller';
import { SessionCache } from './session-cache';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { TotpSecrets } from './totp-secrets';
import { UsersRepository } from './users.repository';

/** Users, sessions, CSRF, login and password flows, second factors and the security log. Its guards apply to every route of the API. */
@Module({
  imports: [MailModule],
  controllers: [
    AuthController,
    RequestAccountDeletionController,
    SendContactMessageController,
    SecondFactorAuthController,
    AccountSecurityController,
    AdminSecurityController,
    PasskeysController,
  ],
  providers: [
    UsersRepository,
    SessionCache,
    SessionsService,
    OneTimeCodes,
    RateLimits,
    DeviceCookies,
    TotpSecrets,
    SecondFactors,
    SecurityLog,
    PendingLogins,
    SignIn,
    EmailVerification,
    Passkeys,
    RequestAccountDeletionHandler,
    SendContactMessageHandler,
    // Guards of every route: made global (in their order) in one place, src/global-enhancers.ts.
    CsrfGuard,
    AccessGuard,
  ],
  exports: [UsersRepository, SessionsService, SessionCache, OneTimeCodes, RateLimits, SecurityLog, SecondFactors, CsrfGuard, AccessGuard],
})
export class IdentityModule {}
