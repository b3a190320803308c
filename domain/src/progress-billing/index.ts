export { applicationFigures } from './application.figures';
export { BILLING_MEMBER_ACTIONS, billingActionOf, type BillingMemberAction } from './billing.actions';
export { billingHeldFunds } from './billing.clock';
export { disputeBlocked, retainageStanding } from './billing.decide.retainage';
export { decideBilling } from './billing.decider';
export { escrowBalance, shortfall } from './billing.escrow';
export { evolveBilling, foldBilling } from './billing.evolve';
export {
  type ActiveBilling,
  type ApplicationState,
  type BillingBalanceReturn,
  type BillingDepositState,
  type BillingFileState,
  type BillingPayoutState,
  type BillingState,
  initialBillingState,
} from './billing.state';
export { payoutWaiver, payoutWaiverStatus } from './billing.waivers';
export type { BillingCommand, BillingProjectFacts } from './commands';
export { BILLING_EVENT_TYPES, type BillingEvent, billingStreamId } from './events';
export {
  type BillingLine,
  type LineToDate,
  NOTHING_CERTIFIED,
  type PayApplicationFigures,
  payApplicationFigures,
  type PeriodAmounts,
} from './pay-application.figures';
// The rules as the screens check them while a person types (the same code the decider runs).
export {
  type ApplicationLineInput,
  type BilledLine,
  type CertificationDecisionInput,
  lineProblems,
  readApplicationLines,
  readCertification,
} from './pay-application.rules';
export type { ScheduleLineInput } from './schedule';
