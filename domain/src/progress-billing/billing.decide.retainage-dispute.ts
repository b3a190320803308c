import { formatAmount, money } from '../money/money';
import type { RetainageResolution } from '../projects/events';
import {
  checkRetainageApproval,
  disputeStatement,
  fourEyesProposal,
  refuseWhileDisputed,
  requireOpenDispute,
  requireResolution,
  requireRetainageProposal,
  resolutionNote,
} from '../projects/retainage-dispute';
import { assertNever } from '../shared/command';
import { notFound } from '../shared/errors';
import { refundCount } from './billing.decide.balance-returns';
import { disputeBlocked, releaseBlocked, releaseOf, retainageStanding } from './billing.decide.retainage';
import { requireParty, requireProgressBilled, requireSchedule, requireSubmitted, requireSystem } from './billing.rules';
import type { ActiveBilling, BillingState } from './billing.state';
import type {
  ApproveBillingRetainageResolution,
  BillingProjectFacts,
  DisputeBillingRetainage,
  RecordBillingRetainageRefundPaid,
  RejectBillingRetainageResolution,
  ResolveBillingRetainageDispute,
} from './commands';
import type { BillingEvent } from './events';

export type RetainageDisputeCommand =
  | DisputeBillingRetainage
  | ResolveBillingRetainageDispute
  | ApproveBillingRetainageResolution
  | RejectBillingRetainageResolution
  | RecordBillingRetainageRefundPaid;

/**
 * The dispute of a progress-billed project's retainage (docs/progress-billing.md#retainage), with
 * the milestone project's rules (projects/retainage-dispute.ts): either party disputes while
 * retainage is held, which ends a pending request and stops requests and approvals; an
 * administrator releases every line's held retainage to its payee (as the parties' release does,
 * payouts and lien waivers included) or refunds it to the buyer, a second administrator approving
 * above FOUR_EYES_ABOVE.
 */
export function decideBillingRetainageDispute(command: RetainageDisputeCommand, state: BillingState): BillingEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  if (command.type === 'RecordBillingRetainageRefundPaid') {
    requireSystem(metadata);
    const s = requireSchedule(state);
    const refund = (s.retainageRefunds ?? []).find((r) => r.refundId === command.data.refundId);
    // The same refund report pays a balance returned to the buyer (billing.decide.balance-returns.ts).
    const returned = (s.balanceReturns ?? []).find((r) => r.refundId !== null && r.refundId === command.data.refundId);
    if (!refund && returned) {
      if (returned.paid) return [];
      const { returnId, amount } = returned;
      const data = { jobId: s.jobId, returnId, refundId: command.data.refundId, amount, providerReference: command.data.providerReference, at };
      return [{ type: 'BillingBalanceReturnPaid', data }];
    }
    if (!refund) throw notFound('retainage_refund_not_found', `There is no retainage refund ${command.data.refundId} on this project.`);
    // The provider may report a refund twice: once paid, a report changes nothing.
    if (refund.paid) return [];
    return [
      {
        type: 'BillingRetainageRefundPaid',
        data: { jobId: s.jobId, refundId: refund.refundId, amount: refund.total, providerReference: command.data.providerReference, at },
      },
    ];
  }
  const { project } = command;
  const s = requireSchedule(state);
  switch (command.type) {
    case 'DisputeBillingRetainage': {
      const party = requireParty(project, metadata, 'dispute the retainage');
      requireSubmitted(project, 'dispute the retainage');
      refuseWhileDisputed(s.retainageDispute);
      const statement = disputeStatement(command.data.statement);
      const blocked = disputeBlocked(s);
      if (blocked) throw blocked;
      return [
        { type: 'BillingRetainageDisputeOpened', data: { jobId: s.jobId, disputeId: command.data.disputeId, party, by: metadata.actorId, statement, at } },
      ];
    }
    case 'ResolveBillingRetainageDispute': {
      requireProgressBilled(project);
      const dispute = requireOpenDispute(s.retainageDispute, metadata, 'resolve');
      const resolution = requireResolution(dispute, command.data.resolution);
      const note = resolutionNote(command.data.note);
      const standing = movable(s);
      const resolved = { jobId: s.jobId, disputeId: dispute.disputeId, by: metadata.actorId, resolution, amount: standing.total, note, at };
      const { fourEyesAbove } = command.data;
      const proposalId = fourEyesProposal(dispute, money(standing.total), fourEyesAbove);
      if (proposalId !== null) return [{ type: 'BillingRetainageResolutionProposed', data: { ...resolved, proposalId, fourEyesAbove: String(fourEyesAbove) } }];
      return [{ type: 'BillingRetainageDisputeResolved', data: resolved }, decisionOf(s, project, resolution, dispute.disputeId, metadata.actorId, at)];
    }
    case 'ApproveBillingRetainageResolution':
    case 'RejectBillingRetainageResolution': {
      requireProgressBilled(project);
      const dispute = requireOpenDispute(s.retainageDispute, metadata, 'decide');
      const proposal = requireRetainageProposal(dispute, command.data.proposalId);
      const base = { jobId: s.jobId, disputeId: dispute.disputeId, proposalId: proposal.proposalId, by: metadata.actorId, proposedBy: proposal.by, at };
      if (command.type === 'RejectBillingRetainageResolution') {
        return [{ type: 'BillingRetainageResolutionRejected', data: { ...base, note: resolutionNote(command.data.note) } }];
      }
      // Decided again on the retainage held now: what the proposer saw must still be what moves.
      const standing = retainageStanding(s);
      checkRetainageApproval(proposal, metadata, money(standing.total).eq(proposal.amount));
      movable(s);
      const { resolution, amount, note } = proposal;
      return [
        { type: 'BillingRetainageResolutionApproved', data: base },
        { type: 'BillingRetainageDisputeResolved', data: { jobId: s.jobId, disputeId: dispute.disputeId, by: proposal.by, resolution, amount, note, at } },
        decisionOf(s, project, resolution, dispute.disputeId, proposal.by, at),
      ];
    }
    default:
      return assertNever(command);
  }
}

/** The retainage an administrator's decision moves: refused, as a parties' release, while an application is open or a payment waits for funds. */
function movable(s: ActiveBilling) {
  const standing = retainageStanding(s);
  const blocked = releaseBlocked(s, standing.lines);
  if (blocked) throw blocked;
  return standing;
}

/** What the decision does to the money: every line's held retainage to its payee, or back to the buyer. */
function decisionOf(s: ActiveBilling, project: BillingProjectFacts, resolution: RetainageResolution, disputeId: number, by: number, at: string): BillingEvent {
  const standing = retainageStanding(s);
  if (resolution === 'release') return releaseOf(s, standing, project.siteState ?? null, { party: null, by, disputeId, at });
  return {
    type: 'BillingRetainageRefundRequested',
    data: {
      jobId: s.jobId,
      refundId: refundCount(s) + 1,
      disputeId,
      lines: standing.lines.map(({ line, payeeId, amount }) => ({ line, payeeId, amount })),
      payees: standing.payees,
      total: formatAmount(money(standing.total)),
      at,
    },
  };
}
