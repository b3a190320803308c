import { Module } from '@nestjs/common';

import { MailModule } from '../mail';
import { AddPasskeyHandler } from './add-passkey/add-passkey.handler';
import { AddPasskeyController } from './add-passkey/add-passkey.http.controller';
import { BeginPasskeyRegistrationHandler } from './begin-passkey-registration/begin-passkey-registration.handler';
import { BeginPasskeyRegistrationController } from './begin-passkey-registration/begin-passkey-registration.http.controller';
import { BeginPasskeyStepUpHandler } from './begin-passkey-step-up/begin-passkey-step-up.handler';
import { BeginPasskeyStepUpController } from './begin-passkey-step-up/begin-passkey-step-up.http.controller';
import { BeginTotpSetupHandler } from './begin-totp-setup/begin-totp-setup.handler';
import { BeginTotpSetupController } from './begin-totp-setup/begin-totp-setup.http.controller';
import { CheckFactorAlertController } from './check-factor-alert/check-factor-alert.http.controller';
import { CheckFactorAlertHandler } from './check-factor-alert/check-factor-alert.query';
import { ConfirmTotpHandler } from './confirm-totp/confirm-totp.handler';
import { ConfirmTotpController } from './confirm-totp/confirm-totp.http.controller';
import { FactorAlerts } from './factor-alerts';
import { GetRecentFactorsController } from './get-recent-factors/get-recent-factors.http.controller';
import { GetRecentFactorsHandler } from './get-recent-factors/get-recent-factors.query';
import { IdentityCoreModule } from './identity-core.module';
import { Passkeys } from './passkeys';
import { RecentFactors } from './recent-factors';
import { RemovePasskeyHandler } from './remove-passkey/remove-passkey.handler';
import { RemovePasskeyController } from './remove-passkey/remove-passkey.http.controller';
import { RemoveRecoveryCodesHandler } from './remove-recovery-codes/remove-recovery-codes.handler';
import { RemoveRecoveryCodesController } from './remove-recovery-codes/remove-recovery-codes.http.controller';
import { RemoveTotpHandler } from './remove-totp/remove-totp.handler';
import { RemoveTotpController } from './remove-totp/remove-totp.http.controller';
import { RenamePasskeyHandler } from './rename-passkey/rename-passkey.handler';
import { RenamePasskeyController } from './rename-passkey/rename-passkey.http.controller';
import { RenewRecoveryCodesHandler } from './renew-recovery-codes/renew-recovery-codes.handler';
import { RenewRecoveryCodesController } from './renew-recovery-codes/renew-recovery-codes.http.controller';
import { RequiredPasswordResets } from './required-password-resets';
import { ResetSecondFactorsHandler } from './reset-second-factors/reset-second-factors.handler';
import { ResetSecondFactorsController } from './reset-second-factors/reset-second-factors.http.controller';
import { SecondFactors } from './second-factors';
import { StepUpWithCodeHandler } from './step-up-with-code/step-up-with-code.handler';
import { StepUpWithCodeController } from './step-up-with-code/step-up-with-code.http.controller';
import { StepUpWithPasskeyHandler } from './step-up-with-passkey/step-up-with-passkey.handler';
import { StepUpWithPasskeyController } from './step-up-with-passkey/step-up-with-passkey.http.controller';
import { TotpSecrets } from './totp-secrets';
import { UndoAddedFactorHandler } from './undo-added-factor/undo-added-factor.handler';
import { UndoAddedFactorController } from './undo-added-factor/undo-added-factor.http.controller';

/**
 * Second factors: the authenticator app, passkeys and recovery codes (added, renamed, removed,
 * reset by an administrator), a step-up with any of them, and the mail a newly added factor sends
 * with its "this wasn't me" link, which can require a password reset. Exports what logins and the
 * account pages check: the factors, the passkeys, the recently added factors and the required resets.
 */
@Module({
  imports: [IdentityCoreModule, MailModule],
  controllers: [
    BeginTotpSetupController,
    ConfirmTotpController,
    RemoveTotpController,
    RenewRecoveryCodesController,
    RemoveRecoveryCodesController,
    BeginPasskeyRegistrationController,
    AddPasskeyController,
    RenamePasskeyController,
    RemovePasskeyController,
    StepUpWithCodeController,
    BeginPasskeyStepUpController,
    StepUpWithPasskeyController,
    CheckFactorAlertController,
    UndoAddedFactorController,
    GetRecentFactorsController,
    ResetSecondFactorsController,
  ],
  providers: [
    TotpSecrets,
    SecondFactors,
    Passkeys,
    RecentFactors,
    RequiredPasswordResets,
    FactorAlerts,
    BeginTotpSetupHandler,
    ConfirmTotpHandler,
    RemoveTotpHandler,
    RenewRecoveryCodesHandler,
    RemoveRecoveryCodesHandler,
    BeginPasskeyRegistrationHandler,
    AddPasskeyHandler,
    RenamePasskeyHandler,
    RemovePasskeyHandler,
    StepUpWithCodeHandler,
    BeginPasskeyStepUpHandler,
    StepUpWithPasskeyHandler,
    CheckFactorAlertHandler,
    UndoAddedFactorHandler,
    GetRecentFactorsHandler,
    ResetSecondFactorsHandler,
  ],
  exports: [SecondFactors, Passkeys, RecentFactors, RequiredPasswordResets],
})
export class SecondFactorsModule {}
