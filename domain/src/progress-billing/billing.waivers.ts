import { requireWaiverSignature } from '../lien-waivers/lien-waiver.signature';
import type { SiteState } from '../lien-waivers/states';
import type { IssuedWaiver } from '../milestones/commands';
import type { WaiverKind } from '../milestones/events';
import { conflict, forbidden, invalid, notFound } from '../shared/errors';
import { requireSchedule } from './billing.rules';
import type { ActiveBilling, BillingPayoutState, BillingState, BillingWaiverState } from './billing.state';
import type { SignBillingLienWaiver } from './commands';
import type { BillingEvent } from './events';

/**
 * Lien waivers of a progress-billed project's payouts (docs/progress-billing.md#lien-waivers):
 * the same exchange as a milestone payment's (docs/construction-payments.md#lien-waivers). On a
 * project whose job site names a state, each payout of a funded payment or a retainage release
 * waits for its payee's conditional waiver; the unconditional one is issued when it is paid.
 */

/** The waiver of a payout of the given kind, the signed one first (an issued unconditional waiver may be signed later). */
export function payoutWaiver(p: BillingPayoutState, kind: WaiverKind): BillingWaiverState | null {
  const matching = (p.waivers ?? []).filter((w) => w.kind === kind);
  return matching.find((w) => w.signedBy !== null) ?? matching[0] ?? null;
}

/** Where a payout's waivers stand: none needed, the conditional one due (the payout waits), signed, or the unconditional one issued or signed. */
export function payoutWaiverStatus(p: BillingPayoutState): 'none' | 'due' | 'signed' | 'issued' {
  if (!p.lienWaiverState) return 'none';
  if (p.paid !== null && payoutWaiver(p, 'unconditional')) return 'issued';
  return payoutWaiver(p, 'conditional') ? 'signed' : 'due';
}

/** Payouts funded whose payee has not signed the conditional waiver yet: the dispatcher does not send them. */
export const payoutsAwaitingWaiver = (s: ActiveBilling): BillingPayoutState[] => s.payouts.filter((p) => p.paid === null && payoutWaiverStatus(p) === 'due');

/** A user of the payee company signs a payout's waiver: the conditional one before it goes out, the unconditional one once paid. */
export function decideBillingLienWaiver(command: SignBillingLienWaiver, state: BillingState): BillingEvent[] {
  const { metadata, data } = command;
  const s = requireSchedule(state);
  if (data.kind !== 'conditional' && data.kind !== 'unconditional') throw invalid('waiver_kind_invalid', 'A lien waiver is conditional or unconditional.');
  const payout = s.payouts.find((p) => p.payoutId === data.payoutId);
  if (!payout) throw notFound('payment_not_found', 'There is no such payment on this project.');
  if (metadata.actorRole !== 'company' || metadata.actorCompanyId !== payout.payeeId) {
    throw forbidden('not_the_payee', "Only a user of the payee's company can sign its lien waivers.");
  }
  const siteState = payout.lienWaiverState;
  if (!siteState) throw conflict('no_waiver', 'This payment needs no lien waiver: the project names no job-site state.');
  if (data.kind === 'conditional') {
    if (payout.paid) throw conflict('already_paid', 'This payment has reached you: sign its unconditional waiver instead.');
  } else if (!payout.paid) {
    throw conflict('not_paid', 'The unconditional waiver is signed once the payment has reached you; sign the conditional one now.');
  }
  if (payoutWaiver(payout, data.kind)?.signedBy != null) throw conflict('already_signed', 'You have already signed this waiver.');
  requireWaiverSignature(data);
  return [{ type: 'BillingLienWaiverSigned', data: { ...waiverFacts(s, payout, data.kind, siteState, data), by: metadata.actorId, at: metadata.now } }];
}

/** The unconditional waiver recorded as issued when a payout that exchanges waivers reached its payee. */
export function billingWaiverIssued(s: ActiveBilling, payout: BillingPayoutState, issued: IssuedWaiver | null | undefined, at: string): BillingEvent[] {
  if (!payout.lienWaiverState || !issued || payoutWaiver(payout, 'unconditional')) return [];
  return [{ type: 'BillingLienWaiverIssued', data: { ...waiverFacts(s, payout, 'unconditional', payout.lienWaiverState, issued), at } }];
}

function waiverFacts(s: ActiveBilling, p: BillingPayoutState, kind: WaiverKind, siteState: SiteState, text: IssuedWaiver) {
  const { payoutId, payment, payeeId, amount } = p;
  return { jobId: s.jobId, payoutId, payment, payeeId, kind, amount, siteState, waiverHash: text.waiverHash, waiverName: text.waiverName };
}
