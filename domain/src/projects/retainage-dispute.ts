import type Decimal from 'decimal.js';

import { parseAmount } from '../money/money';
import type { CommandMetadata } from '../shared/command';
import { conflict, forbidden, invalid } from '../shared/errors';
import { safeText } from '../shared/text';
import type { RetainageResolution } from './events';

/**
 * The rules of a retainage dispute that do not depend on where the retainage is counted: the
 * milestone project's (project stream, per milestone) and the progress-billed project's (billing
 * stream, per line) deciders both call these, so a party and an administrator meet one feature
 * with the same refusals, codes and messages (docs/construction-payments.md, docs/progress-billing.md).
 */

const MAX_TEXT = 5000;

/** What the rules read of an open retainage dispute, on either stream. */
interface OpenRetainageDispute<P extends RetainageProposalFacts = RetainageProposalFacts> {
  disputeId: number;
  proposal?: P | null;
  /** How many resolutions were proposed in it (numbers the next one). */
  proposals?: number;
}

interface RetainageProposalFacts {
  proposalId: number;
  by: number;
}

/** A party's statement opening a dispute: required, bounded, safe to store. */
export function disputeStatement(raw: string | null | undefined): string {
  const statement = safeText(raw, 'statement');
  if (!statement) throw invalid('statement_required', 'Explain what the disagreement about the retainage is.');
  if (statement.length > MAX_TEXT) throw invalid('statement_too_long', `Keep the statement under ${MAX_TEXT} characters.`);
  return statement;
}

/** An administrator's note on a resolution or a rejection: optional, bounded. */
export function resolutionNote(raw: string | null | undefined): string {
  const note = safeText(raw, 'note');
  if (note.length > MAX_TEXT) throw invalid('note_too_long', `Keep the note under ${MAX_TEXT} characters.`);
  return note;
}

/** Why a party cannot act on the retainage while a dispute is open: the administrator decides instead. */
export const retainageDisputed = () => conflict('retainage_disputed', 'A retainage dispute is open on this project; an administrator will decide it.');

export function refuseWhileDisputed(dispute: unknown): void {
  if (dispute) throw retainageDisputed();
}

/** Who may resolve (or approve, reject a resolution of) a retainage dispute, and that one is open. */
export function requireOpenDispute<D>(dispute: D | null | undefined, metadata: CommandMetadata, what: 'resolve' | 'decide'): D {
  if (metadata.actorRole !== 'admin') {
    throw forbidden(
      'admin_only',
      what === 'resolve' ? 'Only an administrator can resolve a retainage dispute.' : 'Only an administrator can approve or reject a retainage resolution.',
    );
  }
  if (!dispute) throw conflict('no_dispute', 'There is no open retainage dispute on this project.');
  return dispute;
}

/** A resolution asked for: release or refund, and no other proposal waiting. */
export function requireResolution(dispute: OpenRetainageDispute, resolution: unknown): RetainageResolution {
  if (resolution !== 'release' && resolution !== 'refund')
    throw invalid('resolution_invalid', 'Resolve a retainage dispute by release (to the payees) or refund (to the buyer).');
  if (dispute.proposal) {
    throw conflict(
      'proposal_open',
      'A resolution of this retainage dispute is already waiting for a second administrator: approve or reject it before proposing another.',
    );
  }
  return resolution;
}

/**
 * Four eyes (docs/administrators.md): resolving more than FOUR_EYES_ABOVE waits for a second
 * administrator. Answers the number of the proposal to record instead, or null when one
 * administrator decides (no threshold, or an amount within it).
 */
export function fourEyesProposal(dispute: OpenRetainageDispute, amount: Decimal, fourEyesAbove: string | null | undefined): number | null {
  if (fourEyesAbove === null || fourEyesAbove === undefined) return null;
  const threshold = parseAmount(fourEyesAbove);
  if (threshold === null) throw invalid('four_eyes_above', 'FOUR_EYES_ABOVE must be an amount in dollars.');
  return amount.gt(threshold) ? (dispute.proposals ?? 0) + 1 : null;
}

/** The proposal waiting for approval (the one the administrator saw, when they name one). */
export function requireRetainageProposal<P extends RetainageProposalFacts>(dispute: OpenRetainageDispute<P>, proposalId: number | null | undefined): P {
  const proposal = dispute.proposal;
  if (!proposal) throw conflict('no_proposal', 'No resolution of this retainage dispute is waiting for approval.');
  if (proposalId !== null && proposalId !== undefined && proposalId !== proposal.proposalId) {
    throw conflict('other_proposal', 'The resolution waiting for approval is not the one you saw: reload the project.');
  }
  return proposal;
}

/** An approval: by another administrator, of retainage unchanged since the proposal (`unchanged`: the caller's comparison). */
export function checkRetainageApproval(proposal: RetainageProposalFacts, metadata: CommandMetadata, unchanged: boolean): void {
  if (proposal.by === metadata.actorId) throw forbidden('same_admin', 'A different administrator must approve a resolution you proposed.');
  if (!unchanged) throw conflict('proposal_stale', 'The retainage held changed after this resolution was proposed: reject it and propose a resolution again.');
}
