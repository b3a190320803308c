import type { ProjectAction } from '../teams/project-roles';
import type { BillingCommand } from './commands';

/** What each billing command is, in the project role table's words; a command not listed is a party's. */
const ACTIONS: Partial<Record<BillingCommand['type'], ProjectAction>> = {
  CertifyPayApplication: 'pay_applications.certify',
  RecordBillingPayoutPaid: 'payments.act',
  RequestBillingDeposit: 'payments.act',
  SettleBillingDeposit: 'payments.act',
  FailBillingDeposit: 'payments.act',
  ClearBillingDeposit: 'payments.act',
  ReturnBillingDeposit: 'payments.act',
  RequestBillingRetainageRelease: 'payments.act',
  ApproveBillingRetainageRelease: 'payments.act',
  SignBillingLienWaiver: 'payments.act',
};

/** The action a billing command asks for, checked against the caller's project role before the rules run. */
export function billingActionOf(type: BillingCommand['type']): ProjectAction {
  return ACTIONS[type] ?? 'party.act';
}
