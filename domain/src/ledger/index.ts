export { BILLING_LEDGER_EVENT_TYPES } from './billing-postings';
export * from './postings';
