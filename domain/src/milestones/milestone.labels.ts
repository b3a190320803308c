import type { Party } from './events';
import { decisionStep, type VersionDecisions } from './milestone.decisions';
import { currentVersion, isFunded, isLocked, isSettledOut, openDispute, pendingDeposit } from './milestone.money';
import type { ActiveMilestone, VersionState } from './milestone.state';

/** The seven version labels of docs/product.md#milestone-version-labels, exactly. */
export const VERSION_LABELS = {
  approved: 'APPROVED MILESTONE',
  original: 'ORIGINAL MILESTONE',
  originalEditSubmitted: 'ORIGINAL MILESTONE (Edit Submitted)',
  originalReplaced: 'ORIGINAL MILESTONE (Replaced by Approved Edit)',
  originalRejected: 'ORIGINAL MILESTONE (Rejected)',
  proposedEdit: 'PROPOSED EDIT',
  proposedEditRejected: 'PROPOSED EDIT (Rejected)',
} as const;

export const MARKED_COMPLETE_BY_BOTH = 'Marked Complete by Both Parties';
export const WHOLE_PROJECT_MILESTONE = 'Whole Project Milestone';
export const WAIT_FOR_CUSTOMER_PAYMENT = 'Wait for Customer Payment';

const isRejected = (v: VersionState) => v.approvals.customer === 'rejected' || v.approvals.company === 'rejected';
const isEdit = (v: VersionState) => !v.isOriginal;
/** Edits still waiting for a decision: proposed and rejected by nobody. */
export const pendingEdits = (state: ActiveMilestone): VersionState[] => state.versions.filter((v) => isEdit(v) && v.status === 'proposed' && !isRejected(v));

/**
 * Which label a version carries: the current version is the approved milestone; an original is
 * replaced once an edit is approved, shows a submitted edit while one waits for a decision, and
 * shows its own rejection otherwise (so a rejected edit hands the card back to the original's
 * own state); an edit is a proposal, rejected or not.
 */
export function versionLabel(state: ActiveMilestone, version: VersionState): string {
  if (version.status === 'current') return VERSION_LABELS.approved;
  if (version.isOriginal) {
    const current = currentVersion(state);
    if (current && !current.isOriginal) return VERSION_LABELS.originalReplaced;
    if (pendingEdits(state).length > 0) return VERSION_LABELS.originalEditSubmitted;
    if (isRejected(version)) return VERSION_LABELS.originalRejected;
    return VERSION_LABELS.original;
  }
  return isRejected(version) ? VERSION_LABELS.proposedEditRejected : VERSION_LABELS.proposedEdit;
}

/** The newest version: what the reliability simulation rejects and edits. */
export function headVersion(state: ActiveMilestone): VersionState {
  return currentVersion(state) ?? state.versions[state.versions.length - 1]!;
}

/**
 * The version a milestone card shows (docs/product.md#milestone-version-labels): the approved one, else the original. Edits
 * live in the card's edit history, so the original keeps its label, history and Make Edit while
 * edits are proposed and rejected.
 */
export function cardVersion(state: ActiveMilestone): VersionState {
  return currentVersion(state) ?? state.versions[0]!;
}

/** Edits are offered on an unlocked current version or an original without a current edit (docs/product.md#editing-and-edit-history). */
export function canEdit(state: ActiveMilestone, version: VersionState): boolean {
  if (isLocked(state) || isSettledOut(state)) return false;
  if (version.status === 'current') return true;
  return version.isOriginal && state.currentVersionId === null && version.status === 'proposed';
}

/** Edit history shows on the current version or an original without a current edit, when there are edits (docs/product.md#editing-and-edit-history). */
export function showsEditHistory(state: ActiveMilestone, version: VersionState): boolean {
  const editCount = state.versions.filter((v) => !v.isOriginal).length;
  if (editCount === 0) return false;
  return version.status === 'current' || (version.isOriginal && state.currentVersionId === null);
}

export type BadgeColour = 'danger' | 'warning' | 'success' | 'info' | 'dark' | 'primary';

/** The status colour mapping of docs/product.md#status-colours. */
export function statusColour(status: string): BadgeColour {
  if (['Declined', 'Incomplete', 'More information required.', 'Canceled'].includes(status)) return 'danger';
  if (['Submitted', 'Requested', 'Quote Sent'].includes(status)) return 'warning';
  if (['Approved', 'Complete'].includes(status)) return 'success';
  if (status === 'Initial Contact') return 'info';
  if (status === 'None') return 'dark';
  return 'primary';
}

/** The milestone's status badge text, in the vocabulary the colours of docs/product.md#status-colours know. */
export function milestoneStatus(state: ActiveMilestone): string {
  if (state.refunds.length > 0 && isSettledOut(state)) return state.disbursements.length > 0 ? 'Split' : 'Refunded';
  if (openDispute(state)) return 'Disputed';
  if (state.completedByBoth) return state.disbursements.every((d) => d.status === 'paid') ? 'Complete' : 'Releasing';
  if (isFunded(state)) return 'Funded';
  if (pendingDeposit(state)) return 'Requested';
  if (currentVersion(state)) return 'Approved';
  if (state.versions.some((v) => v.status === 'proposed' && isRejected(v)) && !state.versions.some((v) => v.status === 'proposed' && !isRejected(v)))
    return 'Declined';
  return 'Submitted';
}

const partyWord = (party: Party) => (party === 'customer' ? 'the buyer' : 'the seller');

/** The card's approval message: the version's own, and a word on a rejected original's pending edit. */
export function cardApprovalMessage(state: ActiveMilestone, version: VersionState): string {
  const pending = pendingEdits(state);
  if (version.status === 'proposed' && isRejected(version) && pending.length > 0) {
    const rejectedBy = version.approvals.customer === 'rejected' ? 'the buyer' : 'the seller';
    return `Rejected by ${rejectedBy}; an edit proposed by ${partyWord(pending[pending.length - 1]!.proposedByParty)} waits for approval.`;
  }
  return approvalMessage(version);
}

/** The approval message of a version, as the card shows it. */
export function approvalMessage(version: VersionState): string {
  if (version.status === 'current') return 'Approved by both parties.';
  if (version.status === 'replaced') return 'Replaced by an approved edit.';
  if (version.status === 'closed') return 'Closed when another version was approved.';
  const { customer, company } = version.approvals;
  for (const party of ['customer', 'company'] as const) {
    if (version.approvals[party] === 'rejected') return `Rejected by ${partyWord(party)}. Propose an edit to move forward.`;
  }
  if (customer === 'approved') return `Approved by the buyer; waiting for the seller's approval.`;
  if (company === 'approved') return `Approved by the seller; waiting for the buyer's approval.`;
  return 'Waiting for both parties to approve.';
}

/** A version as the words of its decisions see it (milestone.decisions.ts). */
export const decisionsOf = (v: VersionState): VersionDecisions =>
  v.isOriginal ? { isOriginal: true, approvals: v.approvals } : { isOriginal: false, author: v.proposedByParty, approvals: v.approvals };

/** What this side should do next on the milestone, or null when nothing waits on them. */
export function nextAction(state: ActiveMilestone, party: Party): string | null {
  const dispute = openDispute(state);
  if (dispute) {
    if (dispute.openedByParty !== party && !dispute.response) return 'Respond to the dispute';
    return null;
  }
  if (isSettledOut(state) || state.completedByBoth) return null;
  const current = currentVersion(state);
  // Versions open for decision, named as Your Actions names them ("the original", "your edit").
  const open = state.versions.filter((v) => v.status === 'proposed').map(decisionsOf);
  const step = decisionStep(open, party, current !== null);
  if (step || !current) return step;
  if (!isFunded(state)) {
    if (pendingDeposit(state)) return null;
    return party === 'customer' ? 'Deposit funds' : null;
  }
  if (!state.completion[party]) return 'Mark complete when the work is done';
  return null;
}
