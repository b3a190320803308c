import type { CompanyAction } from '../teams/permissions';
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

/**
 * What a member of a contractor company needs, by the permission table (docs/teams.md#permissions),
 * to do each thing a person does on a project's billing: the API's guard checks it on the route
 * (`@MemberMay`), and the Billing tab reads the same entry to offer the button or say who can.
 * Keyed by the command the route sends; choosing the billing method edits the draft.
 */
export const BILLING_MEMBER_ACTIONS = {
  ChooseBillingMethod: 'projects.edit',
  ProposeSchedule: 'milestones.propose',
  ApproveSchedule: 'milestones.approve',
  RejectSchedule: 'milestones.approve',
  NameCertifier: 'projects.edit',
  RemoveCertifier: 'projects.edit',
  InviteCertifier: 'projects.edit',
  RevokeCertifierInvitation: 'projects.edit',
  SubmitPayApplication: 'milestones.complete',
  RevisePayApplication: 'milestones.complete',
  CertifyPayApplication: 'milestones.complete',
  AcceptCertification: 'milestones.approve',
  ProposeChangeOrder: 'milestones.propose',
  ApproveChangeOrder: 'milestones.approve',
  RejectChangeOrder: 'milestones.approve',
  RequestBillingDeposit: 'payments.act',
  RequestBillingRetainageRelease: 'milestones.complete',
  ApproveBillingRetainageRelease: 'milestones.approve',
  DisputeBillingRetainage: 'disputes.act',
} as const satisfies Partial<Record<BillingCommand['type'] | 'ChooseBillingMethod', CompanyAction>>;

export type BillingMemberAction = keyof typeof BILLING_MEMBER_ACTIONS;
