import { formatDollars, money, parseAmount } from '../money/money';
import type { CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid } from '../shared/errors';
import { safeText } from '../shared/text';
import type { MilestoneEvent } from './events';
import type { OriginalId } from './ids';
import type { DisputeState, ResolutionProposal } from './milestone.state';

type DisputeResolved = Extract<MilestoneEvent, { type: 'DisputeResolved' }>;

/**
 * Four eyes (docs/administrators.md): a resolution moving more than the threshold (release plus
 * refund; FOUR_EYES_ABOVE, passed in by the caller) needs a second administrator. No threshold:
 * one administrator decides, as before four eyes existed.
 */
export function needsSecondAdministrator(resolved: DisputeResolved, fourEyesAbove: string | null | undefined): boolean {
  if (fourEyesAbove === null || fourEyesAbove === undefined) return false;
  const threshold = parseAmount(fourEyesAbove);
  if (threshold === null) throw invalid('four_eyes_above', 'FOUR_EYES_ABOVE must be an amount in dollars.');
  return money(resolved.data.releaseAmount).plus(resolved.data.refundAmount).gt(threshold);
}

/** The resolution, recorded as a proposal instead of taking effect. */
export function proposalOf(resolved: DisputeResolved, dispute: DisputeState, fourEyesAbove: string): MilestoneEvent {
  const { originalId, at, disputeId, by, resolution, releaseAmount, refundAmount, note } = resolved.data;
  return {
    type: 'ResolutionProposed',
    data: { originalId, at, disputeId, proposalId: (dispute.proposals ?? 0) + 1, by, resolution, releaseAmount, refundAmount, note, fourEyesAbove },
  };
}

export function refuseWhileProposed(dispute: DisputeState): void {
  if (dispute.proposal) {
    throw conflict(
      'proposal_open',
      'A resolution of this dispute is already waiting for a second administrator: approve or reject it before proposing another.',
    );
  }
}

/** The dispute's open proposal (the one the caller saw, when it names one). */
export function requireProposal(dispute: DisputeState | null, proposalId: number | null | undefined): ResolutionProposal & { disputeId: number } {
  const proposal = dispute?.proposal;
  if (!dispute || !proposal) throw conflict('no_proposal', 'No resolution of this dispute is waiting for approval.');
  if (proposalId !== null && proposalId !== undefined && proposalId !== proposal.proposalId) {
    throw conflict('other_proposal', 'The resolution waiting for approval is not the one you saw: reload the dispute.');
  }
  return { ...proposal, disputeId: dispute.disputeId };
}

/** The checks of an approval that do not depend on the money: another administrator, and a dispute unchanged since. */
export function checkApprover(proposal: ResolutionProposal, metadata: CommandMetadata): void {
  if (proposal.by === metadata.actorId) throw forbidden('same_admin', 'A different administrator must approve a resolution you proposed.');
  if (proposal.stale) {
    throw conflict('proposal_stale', 'The dispute changed after this resolution was proposed: reject it and propose a resolution again.');
  }
}

/** Approval decided again on today's escrow: the money must be what the proposer saw. */
export function checkUnchanged(proposal: ResolutionProposal, resolved: DisputeResolved): void {
  if (money(proposal.releaseAmount).eq(resolved.data.releaseAmount) && money(proposal.refundAmount).eq(resolved.data.refundAmount)) return;
  throw conflict(
    'proposal_stale',
    `The money held changed after this resolution was proposed (${formatDollars(money(resolved.data.releaseAmount).plus(resolved.data.refundAmount))} now): reject it and propose a resolution again.`,
  );
}

export function rejectionOf(
  proposal: ResolutionProposal & { disputeId: number },
  originalId: OriginalId,
  note: string,
  metadata: CommandMetadata,
  maxText: number,
): MilestoneEvent {
  const text = safeText(note, 'note');
  if (text.length > maxText) throw invalid('note_too_long', `Keep the note under ${maxText} characters.`);
  return {
    type: 'ResolutionRejected',
    data: {
      originalId,
      at: metadata.now,
      disputeId: proposal.disputeId,
      proposalId: proposal.proposalId,
      by: metadata.actorId,
      proposedBy: proposal.by,
      note: text,
    },
  };
}

/** What a dispute shows while a proposal waits (admin console and the parties' view of the milestone). */
export const PROPOSAL_WAITING = "Resolution proposed by an administrator, waiting for a second administrator's approval.";
