import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AuthController } from './auth.controller';
import { BeginTotpSetupHandler } from './begin-totp-setup/begin-totp-setup.handler';
import { BeginTotpSetupController } from './begin-totp-setup/begin-totp-setup.http.controller';
import { ChangeEmailHandler } from './change-email/change-email.handler';
import { ChangeEmailController } from './change-email/change-email.http.controller';
import { ChangePasswordHandler } from './change-password/change-password.handler';
import { ChangePasswordController } from './change-password/change-password.http.controller';
import { CheckInvitationController } from './check-invitation/check-invitation.http.controller';
import { CheckInvitationHandler } from './check-invitation/check-invitation.query';
import { CheckResetLinkController } from './check-reset-link/check-reset-link.http.controller';
import { CheckResetLinkHandler } from './check-reset-link/check-reset-link.query';
import { ConfirmEmailChangeHandler } from './confirm-email-change/confirm-email-change.handler';
import { ConfirmEmailChangeController } from './confirm-email-change/confirm-email-change.http.controller';
import { ConfirmTotpHandler } from './confirm-totp/confirm-totp.handler';
import { ConfirmTotpController } from './confirm-totp/confirm-totp.http.controller';
import { DeviceCookies } from './device-cookies';
import { EmailVerification } from './email-verification';
import { EndOtherSessionsHandler } from './end-other-sessions/end-other-sessions.handler';
import { EndOtherSessionsController } from './end-other-sessions/end-other-sessions.http.controller';
import { EndSessionHandler } from './end-session/end-session.handler';
import { EndSessionController } from './end-session/end-session.http.controller';
import { GetAccountSecurityController } from './get-account-security/get-account-security.http.controller';
import { GetAccountSecurityHandler } from './get-account-security/get-account-security.query';
import { GetCurrentUserController } from './get-current-user/get-current-user.http.controller';
import { GetCurrentUserHandler } from './get-current-user/get-current-user.query';
import { GetEveryonesSecurityLogController } from './get-everyones-security-log/get-everyones-security-log.http.controller';
import { GetEveryonesSecurityLogHandler } from './get-everyones-security-log/get-everyones-security-log.query';
import { GetSecurityLogController } from './get-security-log/get-security-log.http.controller';
import { GetSecurityLogHandler } from './get-security-log/get-security-log.query';
import { AccessGuard, CsrfGuard } from './guards';
import { ListSessionsController } from './list-sessions/list-sessions.http.controller';
import { ListSessionsHandler } from './list-sessions/list-sessions.query';
import { OneTimeCodes } from './one-time-codes';
import { Passkeys } from './passkeys';
import { PasskeysController } from './passkeys.controller';
import { PendingLogins } from './pending-logins';
import { RateLimits } from './rate-limits';
import { RemoveResetCodesHandler } from './remove-reset-codes/remove-reset-codes.handler';
import { RemoveResetCodesController } from './remove-reset-codes/remove-reset-codes.http.controller';
import { RemoveTotpHandler } from './remove-totp/remove-totp.handler';
import { RemoveTotpController } from './remove-totp/remove-totp.http.controller';
import { RenewRecoveryCodesHandler } from './renew-recovery-codes/renew-recovery-codes.handler';
import { RenewRecoveryCodesController } from './renew-recovery-codes/renew-recovery-codes.http.controller';
import { RequestAccountDeletionHandler } from './request-account-deletion/request-account-deletion.handler';
import { RequestAccountDeletionController } from './request-account-deletion/request-account-deletion.http.controller';
import { RequestPasswordResetHandler } from './request-password-reset/request-password-reset.handler';
import { RequestPasswordResetController } from './request-password-reset/request-password-reset.http.controller';
import { ResendEmailVerificationHandler } from './resend-email-verification/resend-email-verification.handler';
import { ResendEmailVerificationController } from './resend-email-verification/resend-email-verification.http.controller';
import { ResetPasswordHandler } from './reset-password/reset-password.handler';
import { ResetPasswordController } from './reset-password/reset-password.http.controller';
import { ResetSecondFactorsHandler } from './reset-second-factors/reset-second-factors.handler';
import { ResetSecondFactorsController } from './reset-second-factors/reset-second-factors.http.controller';
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
import { VerifyEmailHandler } from './verify-email/verify-email.handler';
import { VerifyEmailController } from './verify-email/verify-email.http.controller';

/** Users, sessions, CSRF, login and password flows, second factors and the security log. Its guards apply to every route of the API. */
@Module({
  imports: [MailModule],
  controllers: [
    GetCurrentUserController,
    AuthController,
    RequestPasswordResetController,
    CheckResetLinkController,
    ResetPasswordController,
    RemoveResetCodesController,
    CheckInvitationController,
    VerifyEmailController,
    ConfirmEmailChangeController,
    RequestAccountDeletionController,
    SendContactMessageController,
    SecondFactorAuthController,
    GetAccountSecurityController,
    BeginTotpSetupController,
    ConfirmTotpController,
    RemoveTotpController,
    RenewRecoveryCodesController,
    ListSessionsController,
    EndSessionController,
    EndOtherSessionsController,
    GetSecurityLogController,
    ResendEmailVerificationController,
    ChangeEmailController,
    ChangePasswordController,
    GetEveryonesSecurityLogController,
    ResetSecondFactorsController,
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
    GetCurrentUserHandler,
    RequestPasswordResetHandler,
    CheckResetLinkHandler,
    ResetPasswordHandler,
    RemoveResetCodesHandler,
    CheckInvitationHandler,
    VerifyEmailHandler,
    ConfirmEmailChangeHandler,
    GetAccountSecurityHandler,
    BeginTotpSetupHandler,
    ConfirmTotpHandler,
    RemoveTotpHandler,
    RenewRecoveryCodesHandler,
    ListSessionsHandler,
    EndSessionHandler,
    EndOtherSessionsHandler,
    GetSecurityLogHandler,
    ResendEmailVerificationHandler,
    ChangeEmailHandler,
    ChangePasswordHandler,
    GetEveryonesSecurityLogHandler,
    ResetSecondFactorsHandler,
    // Guards of every route: made global (in their order) in one place, src/global-enhancers.ts.
    CsrfGuard,
    AccessGuard,
  ],
  exports: [UsersRepository, SessionsService, SessionCache, OneTimeCodes, RateLimits, SecurityLog, SecondFactors, CsrfGuard, AccessGuard],
})
export class IdentityModule {}
