export { billingFactsOf, type BillingViewer, billingViewerOf } from './billing-commands';
export { BillingReads } from './billing-reads';
export { payApplicationView, progressBillingView } from './billing.view';
export { escrowBalanceView } from './escrow.view';
export { ProgressBillingModule } from './progress-billing.module';
export { progressBillingSchema } from './progress-billing.schema';
export { PayeeNames } from './payee-names';
