import type Decimal from 'decimal.js';

import { formatAmount, formatDollars, money, parseAmount } from '../money/money';
import { assertNever } from '../shared/command';
import { conflict, invalid } from '../shared/errors';
import type { ApproveResolution, OpenDispute, RejectResolution, ResolveDispute, RespondToDispute } from './commands';
import type { DisputeResolution, MilestoneEvent } from './events';
import { checkApprover, checkUnchanged, needsSecondAdministrator, proposalOf, refuseWhileProposed, rejectionOf, requireProposal } from './milestone.four-eyes';
import { clearingDeposit, currentVersion, held, openDispute } from './milestone.money';
import { disbursementsFor, releaseShares } from './milestone.payouts';
import { boundedText, dayOf, MAX_TEXT, otherParty, partyName, requireActive, requireAdmin, requireParty, requireSubmitted } from './milestone.rules';
import type { ActiveMilestone, MilestoneState } from './milestone.state';

export type DisputeCommand = OpenDispute | RespondToDispute | ResolveDispute | ApproveResolution | RejectResolution;
type DisputeResolved = Extract<MilestoneEvent, { type: 'DisputeResolved' }>;

/** A party disputes held funds, the other responds, an administrator resolves (with four eyes above a threshold). */
export function decideDispute(command: DisputeCommand, state: MilestoneState): MilestoneEvent[] {
  const { metadata } = command;
  const at = metadata.now;
  switch (command.type) {
    case 'OpenDispute': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'open a dispute');
      requireSubmitted(command.project, 'open a dispute');
      const statement = boundedText(command.data.statement, 'statement', 'statement_too_long');
      if (!statement) throw invalid('statement_required', 'Explain what went wrong so the other party and our team can respond.');
      if (openDispute(s)) throw conflict('dispute_open', 'A dispute is already open on this milestone.');
      if (!held(s).gt(0)) throw conflict('nothing_held', 'There are no funds in escrow for this milestone to dispute.');
      if (s.completedByBoth) throw conflict('completed_by_both', 'Both parties have marked the milestone complete; its funds are being released.');
      return [{ type: 'DisputeOpened', data: { originalId: s.originalId, at, disputeId: command.data.disputeId, party, by: metadata.actorId, statement } }];
    }
    case 'RespondToDispute': {
      const s = requireActive(state);
      const party = requireParty(command.project, metadata, 'respond to a dispute');
      requireSubmitted(command.project, 'respond to a dispute');
      const dispute = openDispute(s);
      if (!dispute) throw conflict('no_dispute', 'There is no open dispute on this milestone.');
      if (dispute.openedByParty === party) throw conflict('own_dispute', `You opened this dispute; the ${partyName(otherParty(party))} responds to it.`);
      if (dispute.response) throw conflict('already_responded', 'This dispute already has a response.');
      const statement = boundedText(command.data.statement, 'statement', 'statement_too_long');
      if (!statement) throw invalid('statement_required', 'Write your response to the dispute.');
      return [{ type: 'DisputeResponded', data: { originalId: s.originalId, at, disputeId: dispute.disputeId, party, by: metadata.actorId, statement } }];
    }
    case 'ResolveDispute': {
      const s = requireActive(state);
      requireAdmin(metadata, 'resolve a dispute');
      const dispute = openDispute(s);
      if (!dispute) throw conflict('no_dispute', 'There is no open dispute on this milestone.');
      refuseWhileProposed(dispute);
      const events = resolutionEvents(s, dispute.disputeId, command.data.resolution, command.data.refundAmount, command.data.note, metadata.actorId, at);
      const resolved = events[0] as DisputeResolved;
      if (needsSecondAdministrator(resolved, command.data.fourEyesAbove)) return [proposalOf(resolved, dispute, command.data.fourEyesAbove!)];
      return events;
    }
    case 'ApproveResolution': {
      const s = requireActive(state);
      requireAdmin(metadata, 'approve a resolution');
      const proposal = requireProposal(openDispute(s) ?? null, command.data.proposalId);
      checkApprover(proposal, metadata);
      // Decided again on the escrow as it is now, in the proposer's name: it must move what they saw.
      const refund = proposal.resolution === 'split' ? proposal.refundAmount : null;
      const events = resolutionEvents(s, proposal.disputeId, proposal.resolution, refund, proposal.note, proposal.by, at);
      checkUnchanged(proposal, events[0] as DisputeResolved);
      return [
        {
          type: 'ResolutionApproved',
          data: { originalId: s.originalId, at, disputeId: proposal.disputeId, proposalId: proposal.proposalId, by: metadata.actorId, proposedBy: proposal.by },
        },
        ...events,
      ];
    }
    case 'RejectResolution': {
      const s = requireActive(state);
      requireAdmin(metadata, 'reject a resolution');
      const proposal = requireProposal(openDispute(s) ?? null, command.data.proposalId);
      return [rejectionOf(proposal, s.originalId, command.data.note, metadata, MAX_TEXT)];
    }
    default:
      return assertNever(command);
  }
}

/** A resolution's events: DisputeResolved, then the payouts and the refund it moves. */
function resolutionEvents(
  s: ActiveMilestone,
  disputeId: number,
  resolution: DisputeResolution,
  refundAmount: string | null | undefined,
  rawNote: string,
  by: number,
  at: string,
): MilestoneEvent[] {
  const note = boundedText(rawNote, 'note', 'note_too_long');
  const clearing = clearingDeposit(s);
  if (clearing) throw conflict('funds_clearing', `The deposit's funds clear on ${dayOf(clearing.clearsAt ?? at)}; resolve the dispute after that.`);
  const inEscrow = held(s);
  const version = currentVersion(s)!;
  let refund: Decimal;
  switch (resolution) {
    case 'release':
      refund = money(0);
      break;
    case 'refund':
      refund = inEscrow;
      break;
    case 'split': {
      const asked = parseAmount(refundAmount);
      if (asked === null) throw invalid('refund_amount', 'Enter the amount to refund to the buyer, in dollars.');
      if (asked.lte(0) || asked.gte(inEscrow)) {
        throw invalid(
          'refund_amount_range',
          `A split refunds more than $0.00 and less than the ${formatDollars(inEscrow)} held; use release or refund otherwise.`,
        );
      }
      refund = asked;
      break;
    }
    default:
      throw invalid('resolution_invalid', 'Resolve a dispute by release, refund or split.');
  }
  const release = inEscrow.minus(refund);
  const events: MilestoneEvent[] = [
    {
      type: 'DisputeResolved',
      data: { originalId: s.originalId, at, disputeId, by, resolution, releaseAmount: formatAmount(release), refundAmount: formatAmount(refund), note },
    },
  ];
  if (release.gt(0)) {
    const full = release.eq(money(version.terms.depositTotal));
    events.push(...disbursementsFor(s, version, at, 'dispute', full ? undefined : releaseShares(version, release)));
  }
  if (refund.gt(0))
    events.push({
      type: 'RefundRequested',
      data: { originalId: s.originalId, at, refundId: s.originalId, amount: formatAmount(refund), reason: 'dispute' },
    });
  return events;
}
