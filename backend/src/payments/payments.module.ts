import { Logger, Module } from '@nestjs/common';
import type { Pool } from 'pg';

import { CommandSideModule } from '../command-side';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { IdentityModule } from '../identity';
import { PG_POOL } from '../infrastructure/database/database.tokens';
import { LienWaiversModule } from '../lien-waivers';
import { MailModule } from '../mail';
import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { ReadModelsModule } from '../read-models';
import { BankAccountMails } from './bank-account.mails';
import { BankAccountDeciding } from './bank-account-deciding';
import { BankAccountPersonalData } from './bank-account-personal-data';
import { BankAccountSecurityLog } from './bank-account-security-log';
import { BankAccounts } from './bank-accounts.service';
import { ChoosePayoutAccountHandler } from './choose-payout-account/choose-payout-account.handler';
import { ChoosePayoutAccountController } from './choose-payout-account/choose-payout-account.http.controller';
import { DecideCompanyPayoutChangeController } from './decide-payout-change/decide-payout-change.admin.http.controller';
import { DecidePayoutChangeHandler } from './decide-payout-change/decide-payout-change.handler';
import { DecidePayoutChangeController } from './decide-payout-change/decide-payout-change.http.controller';
import { GetPaymentPolicyController } from './get-payment-policy/get-payment-policy.http.controller';
import { LegacyBankAccountsImport } from './legacy-bank-accounts.import';
import { LinkBankAccountHandler } from './link-bank-account/link-bank-account.handler';
import { LinkBankAccountController } from './link-bank-account/link-bank-account.http.controller';
import { ListCompanyBankAccountsController } from './list-bank-accounts/list-bank-accounts.admin.http.controller';
import { ListBankAccountsController } from './list-bank-accounts/list-bank-accounts.http.controller';
import { ListBankAccountsHandler } from './list-bank-accounts/list-bank-accounts.query';
import { PaymentDispatcher } from './payment-dispatcher';
import { PAYMENT_PROVIDER } from './payment-provider.port';
import { BillingDepositMails } from './record-provider-report/billing-deposit.mails';
import { RecordProviderReportHandler } from './record-provider-report/record-provider-report.handler';
import { RemoveBankAccountHandler } from './remove-bank-account/remove-bank-account.handler';
import { RemoveBankAccountController } from './remove-bank-account/remove-bank-account.http.controller';
import { ReturnWindowPolicy } from './return-window-policy';
import { SandboxAchProvider } from './sandbox-ach.provider';
import { VerifyBankAccountHandler } from './verify-bank-account/verify-bank-account.handler';
import { VerifyBankAccountController } from './verify-bank-account/verify-bank-account.http.controller';

/** The sandbox clears settled deposits in seconds, so the demo walk pays out while you watch. */
const SANDBOX_RETURN_WINDOW = { unit: 'ms', ms: 5000 } as const;

const logger = new Logger('SandboxACH');

/** Bank accounts, the payment provider, and the dispatcher that hands it instructions and records its reports. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, MailModule, ProjectionsRuntimeModule, LienWaiversModule, IdentityModule],
  controllers: [
    ListBankAccountsController,
    LinkBankAccountController,
    VerifyBankAccountController,
    ChoosePayoutAccountController,
    DecidePayoutChangeController,
    RemoveBankAccountController,
    ListCompanyBankAccountsController,
    DecideCompanyPayoutChangeController,
    GetPaymentPolicyController,
  ],
  providers: [
    BankAccounts,
    BankAccountMails,
    BankAccountPersonalData,
    BankAccountSecurityLog,
    LegacyBankAccountsImport,
    BankAccountDeciding,
    ListBankAccountsHandler,
    LinkBankAccountHandler,
    VerifyBankAccountHandler,
    ChoosePayoutAccountHandler,
    DecidePayoutChangeHandler,
    RemoveBankAccountHandler,
    PaymentDispatcher,
    ReturnWindowPolicy,
    RecordProviderReportHandler,
    BillingDepositMails,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, PG_POOL],
      useFactory: (config: AppConfig, pool: Pool) =>
        new SandboxAchProvider(pool, config.paymentsSandboxSettleMs, SANDBOX_RETURN_WINDOW, (line) => logger.warn(line)),
    },
  ],
  exports: [BankAccounts, PAYMENT_PROVIDER, PaymentDispatcher, ReturnWindowPolicy],
})
export class PaymentsModule {}
