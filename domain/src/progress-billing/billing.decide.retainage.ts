import type { SiteState } from '../lien-waivers/states';
import type { Party } from '../milestones/events';
import { otherParty, partyName } from '../milestones/milestone.rules';
import { formatAmount, formatDollars, money, sum } from '../money/money';
import { refuseWhileDisputed, retainageDisputed } from '../projects/retainage-dispute';
import { assertNever } from '../shared/command';
import { conflict, type DomainError } from '../shared/errors';
import { unfunded } from './billing.escrow';
import { requireParty, requireSchedule, requireSubmitted } from './billing.rules';
import { type ActiveBilling, type BillingState, openApplication } from './billing.state';
import type { ApproveBillingRetainageRelease, RequestBillingRetainageRelease } from './commands';
import type { BillingEvent, PayeeAmount } from './events';
import { NOTHING_CERTIFIED, withheldToDate } from './pay-application.figures';

export type RetainageCommand = RequestBillingRetainageRelease | ApproveBillingRetainageRelease;

/**
 * Retainage released at substantial completion (docs/progress-billing.md#retainage): one party
 * says the work is substantially complete and asks for it, the other approves; every line's held
 * retainage then goes to the line's payee, through the same payout path (and lien waivers) as
 * milestone retainage.
 */
export function decideBillingRetainage(command: RetainageCommand, state: BillingState): BillingEvent[] {
  const { metadata, project } = command;
  const at = metadata.now;
  const s = requireSchedule(state);
  const party = requireParty(project, metadata, 'release the retainage');
  requireSubmitted(project, 'release the retainage');
  refuseWhileDisputed(s.retainageDispute);
  const standing = retainageStanding(s);
  const held = standing.lines;
  switch (command.type) {
    case 'RequestBillingRetainageRelease': {
      if (standing.blocked) throw standing.blocked;
      if (s.retainageRequest?.party === party)
        throw conflict('already_requested', `You asked for the release already: the ${partyName(otherParty(party))} approves it.`);
      if (s.retainageRequest) throw conflict('release_requested', `The ${partyName(otherParty(party))} asked for the release already: approve it.`);
      return [{ type: 'BillingRetainageReleaseRequested', data: { jobId: s.jobId, party, by: metadata.actorId, at } }];
    }
    case 'ApproveBillingRetainageRelease': {
      if (!s.retainageRequest) {
        // The approval that lost a race with another one is told what happened, not to ask again.
        const last = s.retainageReleases.at(-1);
        throw conflict(
          'no_release_request',
          last && held.length === 0
            ? `The retainage was released already (release ${last.releaseNumber}, ${formatDollars(last.total)}): it is being paid to the payees.`
            : 'Nobody asked for the retainage yet: ask for its release at substantial completion.',
        );
      }
      if (s.retainageRequest.party === party)
        throw conflict('own_release_request', `You asked for the release: the ${partyName(otherParty(party))} approves it.`);
      if (standing.blocked) throw standing.blocked;
      return [releaseOf(s, standing, project.siteState ?? null, { party, by: metadata.actorId, disputeId: null, at })];
    }
    default:
      return assertNever(command);
  }
}

type Standing = ReturnType<typeof retainageStanding>;

/** Every line's held retainage to its payee: one payout per payee, numbered after the stream's earlier payouts. */
export function releaseOf(
  s: ActiveBilling,
  standing: Standing,
  siteState: SiteState | null,
  who: { party: Party | null; by: number; disputeId: number | null; at: string },
): BillingEvent {
  const { payees } = standing;
  // Each payee's release exchanges lien waivers like a progress payment, in the job site's state.
  const payouts = payees.map((p, i) => ({ payoutId: s.payouts.length + 1 + i, ...p, lienWaiverState: siteState }));
  return {
    type: 'BillingRetainageReleased',
    data: {
      jobId: s.jobId,
      releaseNumber: s.retainageReleases.length + 1,
      party: who.party,
      by: who.by,
      ...(who.disputeId === null ? {} : { disputeId: who.disputeId }),
      lines: standing.lines.map(({ line, amount }) => ({ line, amount })),
      payees,
      total: standing.total,
      payouts,
      at: who.at,
    },
  };
}

/**
 * Where a release stands now: each line's retainage withheld by the certificates and not released
 * yet, the same per payee (what an approval pays each), and why a release cannot be asked for or
 * approved now (null: it can). The decider refuses with `blocked`; the screens offer the actions
 * only when it is null.
 */
export function retainageStanding(s: ActiveBilling): { lines: HeldLine[]; payees: PayeeAmount[]; total: string; blocked: DomainError | null } {
  const lines = heldByLine(s);
  const byPayee = new Map<number, string[]>();
  for (const { payeeId, amount } of lines) byPayee.set(payeeId, [...(byPayee.get(payeeId) ?? []), amount]);
  const payees = [...byPayee].map(([payeeId, amounts]) => ({ payeeId, amount: formatAmount(sum(amounts.map((a) => money(a)))) }));
  const total = formatAmount(sum(lines.map((h) => money(h.amount))));
  return { lines, payees, total, blocked: s.retainageDispute ? retainageDisputed() : releaseBlocked(s, lines) };
}

/** Why held retainage cannot move now (by the parties or an administrator); null: it can. */
export function releaseBlocked(s: ActiveBilling, held: HeldLine[]): DomainError | null {
  const open = openApplication(s);
  if (open) return conflict('application_open', `Pay application ${open.applicationNumber} is still open: settle it before the retainage is released.`);
  // The retainage is drawn into escrow with its payment: until that payment is funded, it is not there to release.
  const waiting = unfunded(s)[0];
  if (waiting)
    return conflict(
      'payment_awaiting_funds',
      `Pay application ${waiting.applicationNumber}'s payment is waiting for the buyer's deposit to clear: its retainage is released once it is paid from escrow.`,
    );
  if (held.length === 0) return conflict('no_retainage_held', 'No retainage is held on this project.');
  return null;
}

/**
 * Why a party cannot dispute the retainage now; null: it can. Retainage is drawn into escrow with
 * its payment: while that payment waits for funds there is no money an administrator could
 * release or refund, and a dispute would only stop the parties.
 */
export function disputeBlocked(s: ActiveBilling): DomainError | null {
  if (s.retainageDispute) return retainageDisputed();
  if (heldByLine(s).length === 0) return conflict('no_retainage_held', 'No retainage is held on this project.');
  const waiting = unfunded(s)[0];
  if (waiting)
    return conflict(
      'payment_awaiting_funds',
      `Pay application ${waiting.applicationNumber}'s payment is waiting for the buyer's deposit: the retainage it withholds is not in escrow yet. Dispute it once that payment is paid from escrow.`,
    );
  return null;
}

export interface HeldLine {
  line: string;
  payeeId: number;
  amount: string;
}

/** Each line's retainage withheld by the certificates and not released (or refunded) yet. */
function heldByLine(s: ActiveBilling): HeldLine[] {
  return s.lines
    .map((line) => {
      const toDate = s.toDate[line.number] ?? NOTHING_CERTIFIED;
      const gone = money(toDate.retainageReleased).plus(toDate.retainageRefunded ?? '0');
      return { line: line.number, payeeId: line.payeeId, amount: formatAmount(withheldToDate(line.retainage, toDate).minus(gone)) };
    })
    .filter((h) => money(h.amount).gt(0));
}
