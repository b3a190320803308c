import type { MemberAction } from '../teams/permissions';
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
  RequestBillingBalanceReturn: 'payments.act',
  ApproveBillingBalanceReturn: 'payments.act',
  DeclineBillingBalanceReturn: 'payments.act',
};

/** The action a billing command asks for, checked against the caller's project role before the rules run. */
export function billingActionOf(type: BillingCommand['type']): ProjectAction {
  return ACTIONS[type] ?? 'party.act';
}

/**
 * What a member of a contractor company needs, by the permission table (docs/teams.md#permissions),
 * to do each thing a person does on a project's billing: the API's guard checks it on the route
 * (`@MemberMay`), and the Billing tab reads the same entry to offer the button or say who can.
 * Keyed by the command the route sends; choosing the billing method edits the draft. Billing
 * shares the milestones' permissions, so where the table's words speak of milestones an entry
 * carries the words of billing its refusal says ("… can submit or revise pay applications").
 */
export const BILLING_MEMBER_ACTIONS = {
  ChooseBillingMethod: 'projects.edit',
  ProposeSchedule: { action: 'milestones.propose', words: 'propose a schedule of values' },
  ApproveSchedule: { action: 'milestones.approve', words: 'approve or reject a schedule of values' },
  RejectSchedule: { action: 'milestones.approve', words: 'approve or reject a schedule of values' },
  NameCertifier: 'projects.edit',
  RemoveCertifier: 'projects.edit',
  InviteCertifier: 'projects.edit',
  RevokeCertifierInvitation: 'projects.edit',
  SubmitPayApplication: { action: 'milestones.complete', words: 'submit or revise pay applications' },
  RevisePayApplication: { action: 'milestones.complete', words: 'submit or revise pay applications' },
  CertifyPayApplication: { action: 'milestones.complete', words: 'certify pay applications' },
  AcceptCertification: { action: 'milestones.approve', words: "accept a pay application's certificate" },
  ProposeChangeOrder: { action: 'milestones.propose', words: 'propose change orders' },
  ApproveChangeOrder: { action: 'milestones.approve', words: 'approve or reject change orders' },
  RejectChangeOrder: { action: 'milestones.approve', words: 'approve or reject change orders' },
  RequestBillingDeposit: 'payments.act',
  RequestBillingBalanceReturn: 'payments.act',
  ApproveBillingBalanceReturn: 'payments.act',
  DeclineBillingBalanceReturn: 'payments.act',
  RequestBillingRetainageRelease: { action: 'milestones.complete', words: 'ask for the retainage release' },
  ApproveBillingRetainageRelease: { action: 'milestones.approve', words: 'approve the retainage release' },
  // Served by the milestone project's dispute route, whose refusal speaks of disputes in general.
  DisputeBillingRetainage: 'disputes.act',
} as const satisfies Partial<Record<BillingCommand['type'] | 'ChooseBillingMethod', MemberAction>>;

export type BillingMemberAction = keyof typeof BILLING_MEMBER_ACTIONS;
