export { decideBilling } from './billing.decider';
export { evolveBilling, foldBilling } from './billing.evolve';
export { type ActiveBilling, type BillingState, initialBillingState } from './billing.state';
export type { BillingCommand, BillingProjectFacts } from './commands';
export type { BillingEvent } from './events';
export { type PayApplicationFigures, payApplicationFigures } from './pay-application.figures';
