export { BankAccounts } from './bank-accounts.service';
export { PaymentDispatcher } from './payment-dispatcher';
export { PAYMENT_PROVIDER, type PaymentInstruction, type PaymentProvider, type ProviderReport } from './payment-provider.port';
export { PaymentsModule } from './payments.module';
export { describeReturnWindow } from './return-window';
export { ReturnWindowPolicy } from './return-window-policy';
export { FAILING_TEST_ACCOUNT_LAST4, LATE_RETURN_TEST_ACCOUNT_LAST4, SandboxAchProvider } from './sandbox-ach.provider';
