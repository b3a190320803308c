export { ProgressBillingModule } from './progress-billing.module';
export { progressBillingSchema } from './progress-billing.schema';
