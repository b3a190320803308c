export { HeldFundsModule } from './held-funds.module';
export { HeldFundsClockWorker } from './held-funds-clock';
