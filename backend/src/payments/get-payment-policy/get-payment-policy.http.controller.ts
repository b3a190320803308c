import { Controller, Get } from '@nestjs/common';

import { describeReturnWindow, type ReturnWindow } from '../../config/return-window';
import { Access } from '../../identity';
import { ReturnWindowPolicy } from '../return-window-policy';

/** How long money takes: what the deposit dialog tells the buyer before any money moves. */
export interface PaymentPolicy {
  /** ACH debits settle within this many business days (spec §9). */
  ach_settle_business_days: number;
  /** After settlement, the bank can still return the debit for this long; only then are funds released. */
  return_window: ReturnWindow;
  return_window_text: string;
}

@Controller('payments')
@Access('user')
export class GetPaymentPolicyController {
  constructor(private readonly policy: ReturnWindowPolicy) {}

  @Get('policy')
  get(): PaymentPolicy {
    const window = this.policy.window;
    return { ach_settle_business_days: 5, return_window: window, return_window_text: describeReturnWindow(window) };
  }
}
