import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AcceptInvitationHandler } from './accept-invitation/accept-invitation.handler';
import { AcceptInvitationController } from './accept-invitation/accept-invitation.http.controller';
import { AccountModule } from './account.module';
import { BeginPasskeyLoginHandler } from './begin-passkey-login/begin-passkey-login.handler';
import { BeginPasskeyLoginController } from './begin-passkey-login/begin-passkey-login.http.controller';
import { CheckInvitationController } from './check-invitation/check-invitation.http.controller';
import { CheckInvitationHandler } from './check-invitation/check-invitation.query';
import { CheckResetLinkController } from './check-reset-link/check-reset-link.http.controller';
import { CheckResetLinkHandler } from './check-reset-link/check-reset-link.query';
import { DeviceCookies } from './device-cookies';
import { EndOtherSessionsHandler } from './end-other-sessions/end-other-sessions.handler';
import { EndOtherSessionsController } from './end-other-sessions/end-other-sessions.http.controller';
import { EndSessionHandler } from './end-session/end-session.handler';
import { EndSessionController } from './end-session/end-session.http.controller';
import { GetCurrentUserController } from './get-current-user/get-current-user.http.controller';
import { GetCurrentUserHandler } from './get-current-user/get-current-user.query';
import { IdentityCoreModule } from './identity-core.module';
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
import { PendingLogins } from './pending-logins';
import { RemoveResetCodesHandler } from './remove-reset-codes/remove-reset-codes.handler';
import { RemoveResetCodesController } from './remove-reset-codes/remove-reset-codes.http.controller';
import { RequestPasswordResetHandler } from './request-password-reset/request-password-reset.handler';
import { RequestPasswordResetController } from './request-password-reset/request-password-reset.http.controller';
import { ResetPasswordHandler } from './reset-password/reset-password.handler';
import { ResetPasswordController } from './reset-password/reset-password.http.controller';
import { SecondFactorsModule } from './second-factors.module';
import { SignIn } from './sign-in';
import { SignUpHandler } from './sign-up/sign-up.handler';
import { SignUpController } from './sign-up/sign-up.http.controller';

/**
 * Getting in and out: sign-up and invitations, every login (a password, then a second factor when
 * one is enrolled; a passkey alone), the links of a forgotten password, log-out, the current user
 * and the sessions logins started. A login checks the second factors (SecondFactorsModule);
 * sign-up mails the first verification link (AccountModule).
 */
@Module({
  imports: [IdentityCoreModule, SecondFactorsModule, AccountModule, MailModule],
  controllers: [
    SignUpController,
    CheckInvitationController,
    AcceptInvitationController,
    LogInController,
    LogInWithCodeController,
    BeginPasskeyLoginController,
    LogInWithPasskeyController,
    LogOutController,
    RequestPasswordResetController,
    CheckResetLinkController,
    ResetPasswordController,
    RemoveResetCodesController,
    GetCurrentUserController,
    ListSessionsController,
    EndSessionController,
    EndOtherSessionsController,
  ],
  providers: [
    SignIn,
    LoginCookies,
    DeviceCookies,
    PendingLogins,
    SignUpHandler,
    CheckInvitationHandler,
    AcceptInvitationHandler,
    LogInHandler,
    LogInWithCodeHandler,
    BeginPasskeyLoginHandler,
    LogInWithPasskeyHandler,
    LogOutHandler,
    RequestPasswordResetHandler,
    CheckResetLinkHandler,
    ResetPasswordHandler,
    RemoveResetCodesHandler,
    GetCurrentUserHandler,
    ListSessionsHandler,
    EndSessionHandler,
    EndOtherSessionsHandler,
  ],
})
export class SignInModule {}
