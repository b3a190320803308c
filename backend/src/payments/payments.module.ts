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
import { BankAccounts } from './bank-accounts.service';
import { AdminBankAccountsController } from './bank-accounts/admin-bank-accounts.http.controller';
import { BANK_ACCOUNT_HANDLERS } from './bank-accounts/bank-account.handlers';
import { BankAccountMails } from './bank-accounts/bank-account.mails';
import { BankAccountPersonalData } from './bank-accounts/bank-account-personal-data';
import { BankAccountSecurityLog } from './bank-accounts/bank-account-security-log';
import { BankAccountsController } from './bank-accounts/bank-accounts.http.controller';
import { LegacyBankAccountsImport } from './bank-accounts/legacy-bank-accounts.import';
import { GetPaymentPolicyController } from './get-payment-policy/get-payment-policy.http.controller';
import { PaymentDispatcher } from './payment-dispatcher';
import { PAYMENT_PROVIDER } from './payment-provider.port';
import { RecordProviderReportHandler } from './record-provider-report/record-provider-report.handler';
import { ReturnWindowPolicy } from './return-window-policy';
import { SandboxAchProvider } from './sandbox-ach.provider';

/** The sandbox clears settled deposits in seconds, so the demo walk pays out while you watch. */
const SANDBOX_RETURN_WINDOW = { unit: 'ms', ms: 5000 } as const;

const logger = new Logger('SandboxACH');

/** Bank accounts, the payment provider, and the dispatcher that hands it instructions and records its reports. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, MailModule, ProjectionsRuntimeModule, LienWaiversModule, IdentityModule],
  controllers: [BankAccountsController, AdminBankAccountsController, GetPaymentPolicyController],
  providers: [
    BankAccounts,
    BankAccountMails,
    BankAccountPersonalData,
    BankAccountSecurityLog,
    LegacyBankAccountsImport,
    ...BANK_ACCOUNT_HANDLERS,
    PaymentDispatcher,
    ReturnWindowPolicy,
    RecordProviderReportHandler,
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
