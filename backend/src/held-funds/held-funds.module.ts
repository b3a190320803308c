import { Module } from '@nestjs/common';

import { CommandSideModule } from '../command-side';
import { MailModule } from '../mail';
import { ReadModelsModule } from '../read-models';
import { RetainageModule } from '../retainage';
import { BillingShortfallReminders } from './billing-shortfall-reminders';
import { HeldFundsClockWorker } from './held-funds-clock';

/** The clock on held funds: reminders to whoever must act (a billing shortfall too), and unfinished retainage decisions finished. */
@Module({
  imports: [CommandSideModule, ReadModelsModule, MailModule, RetainageModule],
  providers: [HeldFundsClockWorker, BillingShortfallReminders],
  exports: [HeldFundsClockWorker],
})
export class HeldFundsModule {}
