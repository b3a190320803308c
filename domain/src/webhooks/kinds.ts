/**
 * What an integrator can subscribe to: each kind is a stable public name for one or more stored
 * event types. This list is the only place a kind is defined: the API validates against it, the
 * deliverer matches events with it, the console offers its labels, docs/webhooks.md describes
 * each. A new kind is one line here (and its payload in the docs).
 */
export const WEBHOOK_KINDS = [
  { kind: 'milestone.agreed', label: 'Milestone approved by both parties', eventTypes: ['MilestoneVersionAgreed'] },
  { kind: 'deposit.settled', label: 'Deposit settled', eventTypes: ['DepositSettled'] },
  { kind: 'deposit.returned', label: 'Deposit returned', eventTypes: ['DepositReturned'] },
  { kind: 'disbursement.paid', label: 'Disbursement paid', eventTypes: ['DisbursementPaid'] },
  { kind: 'dispute.opened', label: 'Dispute opened', eventTypes: ['DisputeOpened'] },
  { kind: 'dispute.resolved', label: 'Dispute resolved', eventTypes: ['DisputeResolved'] },
  // Retainage (money held back until the project ends) arrives with its own events; the kind is
  // offered already and delivers as soon as events of this type are stored.
  { kind: 'retainage.released', label: 'Retainage released', eventTypes: ['RetainageReleased', 'BillingRetainageReleased'] },
  // A party asked for the retainage at substantial completion: the other is to approve it.
  {
    kind: 'retainage.release_requested',
    label: 'Retainage release asked for',
    eventTypes: ['RetainageReleaseRequested', 'BillingRetainageReleaseRequested'],
  },
  // Either party disputed the retainage (a milestone project's or a progress-billed one's), and an administrator decided it.
  { kind: 'retainage.dispute_opened', label: 'Retainage dispute opened', eventTypes: ['RetainageDisputeOpened', 'BillingRetainageDisputeOpened'] },
  { kind: 'retainage.dispute_resolved', label: 'Retainage dispute resolved', eventTypes: ['RetainageDisputeResolved', 'BillingRetainageDisputeResolved'] },
  // Progress billing (issue 38): the schedule of values, pay applications and change orders.
  { kind: 'schedule.approved', label: 'Schedule of values approved', eventTypes: ['ScheduleVersionApproved'] },
  { kind: 'pay_application.submitted', label: 'Pay application submitted', eventTypes: ['PayApplicationSubmitted'] },
  { kind: 'pay_application.certified', label: 'Pay application certified', eventTypes: ['PayApplicationCertified'] },
  { kind: 'pay_application.accepted', label: 'Certificate accepted by the seller', eventTypes: ['PayApplicationAccepted'] },
  { kind: 'pay_application.payment_released', label: 'Pay application payment released', eventTypes: ['PayApplicationPaymentReleased'] },
  { kind: 'change_order.proposed', label: 'Change order proposed', eventTypes: ['ChangeOrderProposed'] },
  { kind: 'change_order.approved', label: 'Change order approved', eventTypes: ['ChangeOrderApproved'] },
  { kind: 'change_order.rejected', label: 'Change order rejected or withdrawn', eventTypes: ['ChangeOrderRejected'] },
  // Progress billing's money, beside the milestones' deposit and disbursement kinds (their data differs: one escrow balance per project).
  { kind: 'billing_deposit.settled', label: 'Billing deposit settled', eventTypes: ['BillingDepositSettled'] },
  { kind: 'billing_deposit.returned', label: 'Billing deposit returned', eventTypes: ['BillingDepositReturned'] },
  { kind: 'pay_application.payment_funded', label: 'Pay application payment funded from escrow', eventTypes: ['PayApplicationPaymentFunded'] },
  { kind: 'billing_payout.paid', label: 'Billing payout paid', eventTypes: ['BillingPayoutPaid'] },
] as const satisfies readonly { kind: string; label: string; eventTypes: readonly string[] }[];

export type WebhookKind = (typeof WEBHOOK_KINDS)[number]['kind'];

export const WEBHOOK_KIND_NAMES: readonly WebhookKind[] = WEBHOOK_KINDS.map((k) => k.kind);

const KIND_OF_EVENT_TYPE = new Map<string, WebhookKind>(WEBHOOK_KINDS.flatMap((k) => k.eventTypes.map((t) => [t, k.kind] as const)));

/** The kind an event of this stored type is delivered as; null when no kind covers it. */
export function webhookKindOf(eventType: string): WebhookKind | null {
  return KIND_OF_EVENT_TYPE.get(eventType) ?? null;
}

export const isWebhookKind = (value: unknown): value is WebhookKind => typeof value === 'string' && (WEBHOOK_KIND_NAMES as readonly string[]).includes(value);
