import { Global, Logger, Module } from '@nestjs/common';
import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { BankAccounts } from './bank-accounts.service';
import { BankAccountsController } from './bank-accounts.controller';
import { PaymentDispatcher } from './payment-dispatcher';
import { PAYMENT_PROVIDER } from './payment-provider.port';
import { SandboxAchProvider } from './sandbox-ach.provider';
import type { Pool } from 'pg';
import { PG_POOL } from '../infrastructure/database/database.tokens';

/** The sandbox clears settled deposits in seconds, so the demo walk pays out while you watch. */
const SANDBOX_RETURN_WINDOW = { unit: 'ms', ms: 5000 } as const;

const logger = new Logger('SandboxACH');

@Global()
@Module({
  controllers: [BankAccountsController],
  providers: [
    BankAccounts,
    PaymentDispatcher,
    {
      provide: PAYMENT_PROVIDER,
      inject: [APP_CONFIG, PG_POOL],
      useFactory: (config: AppConfig, pool: Pool) => new SandboxAchProvider(pool, config.paymentsSandboxSettleMs, SANDBOX_RETURN_WINDOW, (line) => logger.warn(line)),
    },
  ],
  exports: [BankAccounts, PAYMENT_PROVIDER, PaymentDispatcher],
})
export class PaymentsModule {}
