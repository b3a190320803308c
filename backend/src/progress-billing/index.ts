export { payApplicationView, progressBillingView } from './billing.view';
export { billingFactsOf, type BillingViewer, billingViewerOf } from './billing-commands';
export { BillingReads } from './billing-reads';
export { DecideOnBillingRetainage } from './decide-on-billing-retainage/decide-on-billing-retainage.command';
export { escrowBalanceView } from './escrow.view';
export { PayeeNames } from './payee-names';
export { ProgressBillingModule } from './progress-billing.module';
export { progressBillingSchema } from './progress-billing.schema';
