export { billingFactsOf, type BillingViewer, billingViewerOf } from './billing-commands';
export { BillingReads } from './billing-reads';
export { ProgressBillingModule } from './progress-billing.module';
export { progressBillingSchema } from './progress-billing.schema';
