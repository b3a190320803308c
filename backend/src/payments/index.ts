export { PaymentsModule } from './payments.module';
export { BankAccounts } from './bank-accounts.service';
export { PaymentDispatcher } from './payment-dispatcher';
export { PAYMENT_PROVIDER, type PaymentProvider, type PaymentInstruction, type ProviderReport } from './payment-provider.port';
export { ReturnWindowPolicy } from './return-window-policy';
export { SandboxAchProvider, FAILING_TEST_ACCOUNT_LAST4, LATE_RETURN_TEST_ACCOUNT_LAST4 } from './sandbox-ach.provider';
