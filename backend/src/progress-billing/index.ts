export { ProgressBillingModule } from './progress-billing.module';
