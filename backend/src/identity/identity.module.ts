import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AcceptInvitationHandler } from './accept-invitation/accept-invitation.handler';
import { AcceptInvitationController } from './accept-invitation/accept-invitation.http.controller';
import { AddPasskeyHandler } from './add-passkey/add-passkey.handler';
import { AddPasskeyController } from './add-passkey/add-passkey.http.controller';
import { AfterTheAnswer } from './after-the-answer';
import { BeginPasskeyLoginHandler } from './begin-passkey-login/begin-passkey-login.handler';
import { BeginPasskeyLoginController } from './begin-passkey-login/begin-passkey-login.http.controller';
import { BeginPasskeyRegistrationHandler } from './begin-passkey-registration/begin-passkey-registration.handler';
import { BeginPasskeyRegistrationController } from './begin-passkey-registration/begin-passkey-registration.http.controller';
import { BeginPasskeyStepUpHandler } from './begin-passkey-step-up/begin-passkey-step-up.handler';
import { BeginPasskeyStepUpController } from './begin-passkey-step-up/begin-passkey-step-up.http.controller';
import { BeginTotpSetupHandler } from './begin-totp-setup/begin-totp-setup.handler';
import { BeginTotpSetupController } from './begin-totp-setup/begin-totp-setup.http.controller';
import { ChangeEmailHandler } from './change-email/change-email.handler';
import { ChangeEmailController } from './change-email/change-email.http.controller';
import { ChangePasswordHandler } from './change-password/change-password.handler';
import { ChangePasswordController } from './change-password/change-password.http.controller';
import { CheckFactorAlertController } from './check-factor-alert/check-factor-alert.http.controller';
import { CheckFactorAlertHandler } from './check-factor-alert/check-factor-alert.query';
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
import { FactorAlerts } from './factor-alerts';
import { GetAccountSecurityController } from './get-account-security/get-account-security.http.controller';
import { GetAccountSecurityHandler } from './get-account-security/get-account-security.query';
import { GetCurrentUserController } from './get-current-user/get-current-user.http.controller';
import { GetCurrentUserHandler } from './get-current-user/get-current-user.query';
import { GetEveryonesSecurityLogController } from './get-everyones-security-log/get-everyones-security-log.http.controller';
import { GetEveryonesSecurityLogHandler } from './get-everyones-security-log/get-everyones-security-log.query';
import { GetRecentFactorsController } from './get-recent-factors/get-recent-factors.http.controller';
import { GetRecentFactorsHandler } from './get-recent-factors/get-recent-factors.query';
import { GetSecurityLogController } from './get-security-log/get-security-log.http.controller';
import { GetSecurityLogHandler } from './get-security-log/get-security-log.query';
import { AccessGuard, CsrfGuard } from './guards';
import { ListSessionsController } from './list-sessions/list-sessions.http.controller';
import { ListSessionsHandler } from './list-sessions/list-sessions.query';
import { LogInHandler } from './log-in/log-in.handler';
import { LogInController } from './log-in/log-in.http.controller';
import { LogInWithCodeHandler } from './log-in-with-code/log-in-with-code.handler';
import { LogInWithCodeController } from './log-in-with-code/log-in-with-code.http.controller';
import { LogInWithPasskeyHandler } from './log-in-with-passkey/log-in-with-passkey.handler';
import { LogInWithPasskeyController } from './log-in-with-passkey/log-in-with-passkey.http.controller';
import { LogOutHandler } from './log-out/log-out.handler';
import { LogOutController } from './log-out/log-out.http.controller';
import { LoginCookies } from './login-cookies';
import { OneTimeCodes } from './one-time-codes';
import { Passkeys } from './passkeys';
import { PendingLogins } from './pending-logins';
import { RateLimits } from './rate-limits';
import { RecentFactors } from './recent-factors';
import { RemovePasskeyHandler } from './remove-passkey/remove-passkey.handler';
import { RemovePasskeyController } from './remove-passkey/remove-passkey.http.controller';
import { RemoveRecoveryCodesHandler } from './remove-recovery-codes/remove-recovery-codes.handler';
import { RemoveRecoveryCodesController } from './remove-recovery-codes/remove-recovery-codes.http.controller';
import { RemoveResetCodesHandler } from './remove-reset-codes/remove-reset-codes.handler';
import { RemoveResetCodesController } from './remove-reset-codes/remove-reset-codes.http.controller';
import { RemoveTotpHandler } from './remove-totp/remove-totp.handler';
import { RemoveTotpController } from './remove-totp/remove-totp.http.controller';
import { RenamePasskeyHandler } from './rename-passkey/rename-passkey.handler';
import { RenamePasskeyController } from './rename-passkey/rename-passkey.http.controller';
import { RenewRecoveryCodesHandler } from './renew-recovery-codes/renew-recovery-codes.handler';
import { RenewRecoveryCodesController } from './renew-recovery-codes/renew-recovery-codes.http.controller';
import { RenewedSessionCookie } from './renewed-session-cookie';
import { RequestAccountDeletionHandler } from './request-account-deletion/request-account-deletion.handler';
import { RequestAccountDeletionController } from './request-account-deletion/request-account-deletion.http.controller';
import { RequestPasswordResetHandler } from './request-password-reset/request-password-reset.handler';
import { RequestPasswordResetController } from './request-password-reset/request-password-reset.http.controller';
import { RequiredPasswordResets } from './required-password-resets';
import { ResendEmailVerificationHandler } from './resend-email-verification/resend-email-verification.handler';
import { ResendEmailVerificationController } from './resend-email-verification/resend-email-verification.http.controller';
import { ResetPasswordHandler } from './reset-password/reset-password.handler';
import { ResetPasswordController } from './reset-password/reset-password.http.controller';
import { ResetSecondFactorsHandler } from './reset-second-factors/reset-second-factors.handler';
import { ResetSecondFactorsController } from './reset-second-factors/reset-second-factors.http.controller';
import { SecondFactors } from './second-factors';
import { SecurityLog } from './security-log';
import { SendContactMessageHandler } from './send-contact-message/send-contact-message.handler';
import { SendContactMessageController } from './send-contact-message/send-contact-message.http.controller';
import { SessionCache } from './session-cache';
import { SessionsService } from './sessions.service';
import { SignIn } from './sign-in';
import { SignUpHandler } from './sign-up/sign-up.handler';
import { SignUpController } from './sign-up/sign-up.http.controller';
import { StepUpWithCodeHandler } from './step-up-with-code/step-up-with-code.handler';
import { StepUpWithCodeController } from './step-up-with-code/step-up-with-code.http.controller';
import { StepUpWithPasskeyHandler } from './step-up-with-passkey/step-up-with-passkey.handler';
import { StepUpWithPasskeyController } from './step-up-with-passkey/step-up-with-passkey.http.controller';
import { TotpSecrets } from './totp-secrets';
import { UndoAddedFactorHandler } from './undo-added-factor/undo-added-factor.handler';
import { UndoAddedFactorController } from './undo-added-factor/undo-added-factor.http.controller';
import { UsersRepository } from './users.repository';
import { VerifyEmailHandler } from './verify-email/verify-email.handler';
import { VerifyEmailController } from './verify-email/verify-email.http.controller';

/** Users, sessions, CSRF, login and password flows, second factors and the security log, a slice per route. Its guards apply to every route of the API. */
@Module({
  imports: [MailModule],
  controllers: [
    GetCurrentUserController,
    LogInController,
    LogOutController,
    SignUpController,
    RequestPasswordResetController,
    CheckResetLinkController,
    ResetPasswordController,
    RemoveResetCodesController,
    CheckInvitationController,
    AcceptInvitationController,
    RequestAccountDeletionController,
    SendContactMessageController,
    LogInWithCodeController,
    StepUpWithCodeController,
    VerifyEmailController,
    ConfirmEmailChangeController,
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
    BeginPasskeyRegistrationController,
    AddPasskeyController,
    RenamePasskeyController,
    RemovePasskeyController,
    BeginPasskeyLoginController,
    LogInWithPasskeyController,
    BeginPasskeyStepUpController,
    StepUpWithPasskeyController,
    CheckFactorAlertController,
    UndoAddedFactorController,
    GetRecentFactorsController,
    RemoveRecoveryCodesController,
  ],
  providers: [
    AfterTheAnswer,
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
    LoginCookies,
    RenewedSessionCookie,
    RecentFactors,
    RequiredPasswordResets,
    FactorAlerts,
    GetCurrentUserHandler,
    LogInHandler,
    LogOutHandler,
    SignUpHandler,
    RequestPasswordResetHandler,
    CheckResetLinkHandler,
    ResetPasswordHandler,
    RemoveResetCodesHandler,
    CheckInvitationHandler,
    AcceptInvitationHandler,
    RequestAccountDeletionHandler,
    SendContactMessageHandler,
    LogInWithCodeHandler,
    StepUpWithCodeHandler,
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
    BeginPasskeyRegistrationHandler,
    AddPasskeyHandler,
    RenamePasskeyHandler,
    RemovePasskeyHandler,
    BeginPasskeyLoginHandler,
    LogInWithPasskeyHandler,
    BeginPasskeyStepUpHandler,
    StepUpWithPasskeyHandler,
    CheckFactorAlertHandler,
    UndoAddedFactorHandler,
    GetRecentFactorsHandler,
    RemoveRecoveryCodesHandler,
    // Guards of every route: made global (in their order) in one place, src/global-enhancers.ts.
    CsrfGuard,
    AccessGuard,
  ],
  exports: [UsersRepository, SessionsService, SessionCache, OneTimeCodes, RateLimits, SecurityLog, SecondFactors, CsrfGuard, AccessGuard, RenewedSessionCookie],
})
export class IdentityModule {}
