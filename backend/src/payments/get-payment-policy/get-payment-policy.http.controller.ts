import type { PaymentPolicy } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';

import { describeReturnWindow } from '../../config/return-window';
import { Answers } from '../../http/openapi';
import { Access, MemberMay } from '../../identity';
import { ReturnWindowPolicy } from '../return-window-policy';

/** How long money takes: what the deposit dialog tells the buyer before any money moves. */
@Controller('payments')
@Access('user')
export class GetPaymentPolicyController {
  constructor(private readonly policy: ReturnWindowPolicy) {}

  @Answers('PaymentPolicy')
  @MemberMay('read')
  @Get('policy')
  get(): PaymentPolicy {
    const window = this.policy.window;
    return { ach_settle_business_days: 5, return_window: window, return_window_text: describeReturnWindow(window) };
  }
}
