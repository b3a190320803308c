import { formatDollars, money, sum } from '../money/money';
import { invalid } from '../shared/errors';
import { safeText } from '../shared/text';
import type { RemindOfHeldFunds } from './commands';
import type { MilestoneEvent, Party, ReminderRecipient } from './events';
import { nextAction } from './milestone.labels';
import { clearingDeposit, held, isFunded, openDispute, retainageHeld } from './milestone.money';
import type { ActiveMilestone } from './milestone.state';
import { awaitingConditionalWaivers } from './milestone.waivers';

/** Someone who must act for held funds to move on, and why (`reason` is stable: reminders are counted by it). */
export interface MustAct {
  who: ReminderRecipient;
  /** The payee company, when `who` is a payee. */
  companyId: number | null;
  reason: string;
  action: string;
  /** Since when it has waited on them, when that is later than the funds' arrival (a waiver since its payment, a dispute since it opened). */
  since: string | null;
}

interface NextDate {
  kind: 'funds_clear' | 'completion_due';
  at: string;
}

/**
 * Where the project's retainage release stands, as far as this milestone's retainage is
 * concerned (the project stream knows; a milestone alone cannot): still waiting for other
 * milestones, to be asked for, waiting for one party's approval, or disputed.
 */
export type RetainageStep = { kind: 'waiting' } | { kind: 'request' } | { kind: 'approve'; by: Party } | { kind: 'disputed' };

/** The clock on a milestone's held funds (issue 17): since when, the next date that matters, who must act. */
export interface HeldFundsClock {
  /** When the money still in our hands arrived (the first settled deposit), or null when we hold none. */
  heldSince: string | null;
  /** In escrow, owed to payees or the buyer and not paid out yet, and retainage held. */
  inCustody: string;
  retainageHeld: string;
  next: NextDate | null;
  mustAct: MustAct[];
}

const partyWho = (party: Party): ReminderRecipient => (party === 'customer' ? 'buyer' : 'seller');

/** Pure: everything comes from the folded state (and the project's retainage step); the clock itself is the caller's. */
export function heldFundsClock(s: ActiveMilestone, retainage: RetainageStep | null = null): HeldFundsClock {
  const inEscrow = held(s);
  const retained = retainageHeld(s);
  const unpaid = sum([
    ...s.disbursements.filter((d) => d.status !== 'paid').map((d) => money(d.amount)),
    ...s.retainageReleases.filter((r) => r.status !== 'paid').map((r) => money(r.amount)),
    ...s.refunds.filter((r) => r.status !== 'paid').map((r) => money(r.amount)),
    ...s.retainageRefunds.filter((r) => r.status !== 'paid').map((r) => money(r.amount)),
  ]);
  const inCustody = inEscrow.plus(retained).plus(unpaid);
  const settled = s.deposits.filter((d) => d.status === 'settled' && d.settledAt).map((d) => d.settledAt!);
  const heldSince = inCustody.gt(0) ? ([...settled].sort()[0] ?? null) : null;

  const mustAct: MustAct[] = [];
  const dispute = openDispute(s);
  if (dispute) {
    const other: Party = dispute.openedByParty === 'customer' ? 'company' : 'customer';
    const since = dispute.openedAt;
    if (!dispute.response)
      mustAct.push({ who: partyWho(other), companyId: null, reason: `respond_dispute:${dispute.disputeId}`, action: 'Respond to the dispute', since });
    mustAct.push({ who: 'admin', companyId: null, reason: `resolve_dispute:${dispute.disputeId}`, action: 'Resolve the dispute', since });
  }
  for (const w of awaitingConditionalWaivers(s)) {
    mustAct.push({
      who: 'payee',
      companyId: w.companyId,
      reason: `conditional_waiver:${w.payment}:${w.payeeId}`,
      action: `Sign the conditional lien waiver for ${formatDollars(w.amount)}`,
      since: w.dueSince,
    });
  }
  if (!dispute && inEscrow.gt(0)) {
    for (const party of ['company', 'customer'] as const) {
      const action = nextAction(s, party);
      if (action) mustAct.push({ who: partyWho(party), companyId: null, reason: `next:${party}:${action}`, action, since: null });
    }
  }
  if (retained.gt(0) && retainage) {
    if (retainage.kind === 'request') {
      // Either may ask: both are reminded, each under a reason of its own (a reminder is recorded once per reason and day).
      for (const party of ['company', 'customer'] as const)
        mustAct.push({ who: partyWho(party), companyId: null, reason: `request_retainage:${party}`, action: 'Ask for the retainage release', since: null });
    } else if (retainage.kind === 'approve') {
      mustAct.push({ who: partyWho(retainage.by), companyId: null, reason: 'approve_retainage', action: 'Approve the retainage release', since: null });
    } else if (retainage.kind === 'disputed') {
      mustAct.push({ who: 'admin', companyId: null, reason: 'resolve_retainage_dispute', action: 'Resolve the retainage dispute', since: null });
    }
  }

  const clearing = clearingDeposit(s);
  const next: NextDate | null = clearing?.clearsAt
    ? { kind: 'funds_clear', at: clearing.clearsAt }
    : isFunded(s) && inEscrow.gt(0) && !dispute && !s.completedByBoth && !s.completion.company && s.responseDeadline
      ? { kind: 'completion_due', at: s.responseDeadline }
      : null;

  return { heldSince, inCustody: inCustody.toFixed(2), retainageHeld: retained.toFixed(2), next, mustAct };
}

/** Records a reminder unless one for the same reason already went out that day (restarts and several processes send it once). */
export function decideReminder(command: RemindOfHeldFunds, s: ActiveMilestone): MilestoneEvent[] {
  const at = command.metadata.now;
  const day = at.slice(0, 10);
  const reason = safeText(command.data.reason, 'reason');
  if (!reason || reason.length > 300) throw invalid('reminder_reason_missing', 'A reminder names its reason.');
  if (s.reminders.some((r) => r.reason === reason && r.day === day)) return [];
  const { to, companyId, heldSince } = command.data;
  return [{ type: 'HeldFundsReminderSent', data: { originalId: s.originalId, at, reason, to, companyId, day, heldSince } }];
}
