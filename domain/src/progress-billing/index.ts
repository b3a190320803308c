export { applicationFigures } from './application.figures';
export { decideBilling } from './billing.decider';
export { evolveBilling, foldBilling } from './billing.evolve';
export { type ActiveBilling, type ApplicationState, type BillingState, initialBillingState } from './billing.state';
export type { BillingCommand, BillingProjectFacts } from './commands';
export { BILLING_EVENT_TYPES, type BillingEvent, billingStreamId } from './events';
export { type PayApplicationFigures, payApplicationFigures } from './pay-application.figures';
export type { ApplicationLineInput, CertificationDecisionInput } from './pay-application.rules';
export type { ScheduleLineInput } from './schedule';
