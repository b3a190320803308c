export { payApplicationView, progressBillingView } from './billing.view';
export { escrowBalanceView } from './escrow.view';
export { ProgressBillingModule } from './progress-billing.module';
export { progressBillingSchema } from './progress-billing.schema';
