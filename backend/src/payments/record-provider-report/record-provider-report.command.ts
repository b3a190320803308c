import { Command } from '@nestjs/cqrs';

import type { ProviderReport } from '../payment-provider.port';

/** The payment provider reports an outcome (settled, failed, returned, paid): a command on the milestone's stream. */
export class RecordProviderReport extends Command<void> {
  constructor(readonly report: ProviderReport) {
    super();
  }
}
