import { Global, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { BankAccounts } from './bank-accounts.service';
import { BankAccountsController } from './bank-accounts.controller';
import { PaymentDispatcher } from './payment-dispatcher';
import { PAYMENT_PROVIDER } from './payment-provider.port';
import { SandboxAchProvider } from './sandbox-ach.provider';

const logger = new Logger('SandboxACH');

@Global()
@Module({
  controllers: [BankAccountsController],
  providers: [
    BankAccounts,
    PaymentDispatcher,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig) => new SandboxAchProvider(config.paymentsSandboxSettleMs, (line) => logger.warn(line)),
    },
  ],
  exports: [BankAccounts, PAYMENT_PROVIDER, PaymentDispatcher],
})
export class PaymentsModule {}
