import { Inject, Injectable } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import type { ReturnWindow } from '../config/return-window';
import { PAYMENT_PROVIDER, type PaymentProvider } from './payment-provider.port';

/** The ACH return window in force: PAYMENTS_RETURN_WINDOW, else the provider's own default. */
@Injectable()
export class ReturnWindowPolicy {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(PAYMENT_PROVIDER) private readonly provider: PaymentProvider,
  ) {}

  get window(): ReturnWindow {
    return this.config.paymentsReturnWindow ?? this.provider.defaultReturnWindow;
  }
}
