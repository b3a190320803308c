import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { ChangeEmailHandler } from './change-email/change-email.handler';
import { ChangeEmailController } from './change-email/change-email.http.controller';
import { ChangePasswordHandler } from './change-password/change-password.handler';
import { ChangePasswordController } from './change-password/change-password.http.controller';
import { ConfirmEmailChangeHandler } from './confirm-email-change/confirm-email-change.handler';
import { ConfirmEmailChangeController } from './confirm-email-change/confirm-email-change.http.controller';
import { EmailVerification } from './email-verification';
import { GetAccountSecurityController } from './get-account-security/get-account-security.http.controller';
import { GetAccountSecurityHandler } from './get-account-security/get-account-security.query';
import { GetEveryonesSecurityLogController } from './get-everyones-security-log/get-everyones-security-log.http.controller';
import { GetEveryonesSecurityLogHandler } from './get-everyones-security-log/get-everyones-security-log.query';
import { GetSecurityLogController } from './get-security-log/get-security-log.http.controller';
import { GetSecurityLogHandler } from './get-security-log/get-security-log.query';
import { IdentityCoreModule } from './identity-core.module';
import { RequestAccountDeletionHandler } from './request-account-deletion/request-account-deletion.handler';
import { RequestAccountDeletionController } from './request-account-deletion/request-account-deletion.http.controller';
import { ResendEmailVerificationHandler } from './resend-email-verification/resend-email-verification.handler';
import { ResendEmailVerificationController } from './resend-email-verification/resend-email-verification.http.controller';
import { SecondFactorsModule } from './second-factors.module';
import { SendContactMessageHandler } from './send-contact-message/send-contact-message.handler';
import { SendContactMessageController } from './send-contact-message/send-contact-message.http.controller';
import { VerifyEmailHandler } from './verify-email/verify-email.handler';
import { VerifyEmailController } from './verify-email/verify-email.http.controller';

/**
 * A person's account: its security page, its email address (verified, changed, the change
 * confirmed), its password change, its security log (and an administrator's view of everyone's),
 * and the public forms that ask for its deletion or send us a message. Exports EmailVerification:
 * sign-up mails the first verification link.
 */
@Module({
  imports: [IdentityCoreModule, SecondFactorsModule, MailModule],
  controllers: [
    GetAccountSecurityController,
    VerifyEmailController,
    ResendEmailVerificationController,
    ChangeEmailController,
    ConfirmEmailChangeController,
    ChangePasswordController,
    GetSecurityLogController,
    GetEveryonesSecurityLogController,
    RequestAccountDeletionController,
    SendContactMessageController,
  ],
  providers: [
    EmailVerification,
    GetAccountSecurityHandler,
    VerifyEmailHandler,
    ResendEmailVerificationHandler,
    ChangeEmailHandler,
    ConfirmEmailChangeHandler,
    ChangePasswordHandler,
    GetSecurityLogHandler,
    GetEveryonesSecurityLogHandler,
    RequestAccountDeletionHandler,
    SendContactMessageHandler,
  ],
  exports: [EmailVerification],
})
export class AccountModule {}
