// The bank-accounts feature's public surface for pages. The accounts' query, the link form and a
// payment's destination stay shared (api/bank-accounts.ts, components/BankAccountForm and
// components/PaymentDestination): the milestones' deposit dialog and the console use them too.
export { CompanyBankAccounts } from './components/CompanyBankAccounts';
export { DepositAccountSettings } from './components/DepositAccountSettings';
export { PayoutAccountSettings } from './components/PayoutAccountSettings';
