import type { WaiverKind, WaiverPayment } from '../milestones/events';
import { formatDollars } from '../money/money';
import { type SiteState, STATE_NAMES } from './states';

/** What a lien waiver is generated from: the milestone, the project, the payee, the amount and the state. */
export interface LienWaiverInput {
  kind: WaiverKind;
  payment: WaiverPayment;
  state: SiteState;
  projectId: number;
  service: string;
  ownerName: string;
  originalId: number;
  milestoneTitle: string;
  claimantName: string;
  amount: string;
  /** The day the payment reached the claimant (unconditional waivers). */
  paidOn: string | null;
}

/**
 * What a waiver of a progress-billed project's payout is generated from: the pay application
 * (its number and the last day of its period) or the retainage release it pays, the project, the
 * owner, the payee, the amount and the state.
 */
export interface BillingLienWaiverInput {
  kind: WaiverKind;
  payment: { kind: 'application'; applicationNumber: number; periodTo: string } | { kind: 'retainage'; releaseNumber: number };
  state: SiteState;
  projectId: number;
  service: string;
  ownerName: string;
  claimantName: string;
  amount: string;
  paidOn: string | null;
}

/**
 * The text of a lien waiver. The wording is Escrow Ledger's own, written for the escrow's
 * payments; it is not any state's statutory form, and a lawyer must review it for each state
 * before it is relied on (docs/construction-payments.md). The same input always gives the same text, so
 * its SHA-256 names exactly what was signed.
 */
export function lienWaiverText(w: LienWaiverInput): string {
  const amount = formatDollars(w.amount);
  const what =
    w.payment === 'disbursement'
      ? `the payment of ${amount} to the claimant from the funds held in escrow for this milestone`
      : `the release to the claimant of ${amount} of retainage withheld from its payments for this milestone`;
  return waiverText(w, [`Milestone: ${w.milestoneTitle || 'Whole Project Milestone'} (milestone ${w.originalId})`], what);
}

/** The text of a lien waiver for a progress-billed project's payout: the same wording, naming the pay application and its period or the retainage release. */
export function billingLienWaiverText(w: BillingLienWaiverInput): string {
  const amount = formatDollars(w.amount);
  if (w.payment.kind === 'application') {
    const { applicationNumber, periodTo } = w.payment;
    return waiverText(
      w,
      [`Pay application: number ${applicationNumber}, for the period to ${periodTo}`],
      `the payment of ${amount} to the claimant from the funds held in escrow for pay application ${applicationNumber} (period to ${periodTo})`,
    );
  }
  return waiverText(
    w,
    [`Retainage release: number ${w.payment.releaseNumber}, at substantial completion`],
    `the retainage release to the claimant of ${amount} of retainage withheld from its progress payments on this project`,
  );
}

type WaiverTextInput = Pick<LienWaiverInput, 'kind' | 'state' | 'projectId' | 'service' | 'ownerName' | 'claimantName' | 'amount' | 'paidOn'>;

function waiverText(w: WaiverTextInput, paymentLines: string[], what: string): string {
  const amount = formatDollars(w.amount);
  const stateName = STATE_NAMES[w.state];
  const conditional = w.kind === 'conditional';
  const lines = [
    `${conditional ? 'CONDITIONAL' : 'UNCONDITIONAL'} WAIVER AND RELEASE OF LIEN RIGHTS ${conditional ? 'ON' : 'AFTER'} PAYMENT — ${stateName.toUpperCase()} (${w.state})`,
    '',
    `Project: Escrow Ledger project ${w.projectId} (${w.service}), job site in ${stateName}`,
    `Owner: ${w.ownerName}`,
    ...paymentLines,
    `Claimant (payee): ${w.claimantName}`,
    `Payment: ${what}`,
    `Amount: ${amount}`,
    '',
  ];
  if (conditional) {
    lines.push(
      `1. This waiver takes effect only when the claimant has received ${amount} for this payment. Until then it waives nothing, and if the payment is not received it never takes effect.`,
      `2. Once it takes effect, the claimant gives up any lien, stop-notice or payment-bond claim against the job site, the owner or the project for the labor, services, equipment and materials this payment covers, to the extent of ${amount}.`,
    );
  } else {
    lines.push(
      `1. The claimant has received ${amount} for this payment${w.paidOn ? ` on ${w.paidOn}` : ''}.`,
      `2. The claimant gives up, without condition, any lien, stop-notice or payment-bond claim against the job site, the owner or the project for the labor, services, equipment and materials this payment covers, to the extent of ${amount}.`,
    );
  }
  lines.push(
    '3. This waiver does not cover retainage still withheld, amounts in dispute, or work, changes or materials not covered by this payment.',
    '4. The person signing states that they are authorised to sign for the claimant.',
    '',
    `This form is Escrow Ledger's own wording. It is not a statutory form of ${stateName}; where the law of ${stateName} prescribes the form of a lien waiver, that form governs.`,
  );
  return lines.join('\n');
}

/** The stable name a waiver text is stored and printed under. */
export const lienWaiverName = (originalId: number, payment: WaiverPayment, payeeId: number, kind: WaiverKind, hash: string): string =>
  `lien-waiver-${originalId}-${payment}-${payeeId}-${kind}-${hash.slice(0, 12)}`;

/** The stable name a progress-billed payout's waiver text is stored and printed under (the payout is numbered in the project's stream). */
export const billingLienWaiverName = (jobId: number, payoutId: number, kind: WaiverKind, hash: string): string =>
  `lien-waiver-job-${jobId}-payout-${payoutId}-${kind}-${hash.slice(0, 12)}`;
