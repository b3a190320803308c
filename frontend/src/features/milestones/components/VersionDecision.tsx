import { type Party, type VersionDecisions, versionName, versionStanding } from '@escrow/domain';

import { LightButton } from '../../../components/LightButton';
import type { MilestoneView } from '../api/milestones';

/** A version open for decision in Your Actions: its id, who it is, and each side's decision on it. */
export interface OpenVersion {
  m_id: number;
  decisions: VersionDecisions;
}

export const viewerOf = (milestone: MilestoneView): Party => (milestone.user_is_customer ? 'customer' : 'company');

/**
 * The versions Your Actions lets this user decide on (docs/product.md#approval-and-funding: each party approves or rejects a
 * version, its author included): the original while none is agreed, and the newest edit still
 * open. Older open edits are decided in the edit history.
 */
export function openVersions(milestone: MilestoneView): OpenVersion[] {
  if (milestone.locked) return [];
  const open: OpenVersion[] = [];
  // The card shows the agreed version, else the original: an open card version is the original.
  if (!milestone.is_current)
    open.push({ m_id: milestone.m_id, decisions: { isOriginal: true, approvals: { customer: milestone.buyer_approval, company: milestone.seller_approval } } });
  const edit = milestone.pending_edit;
  if (edit) {
    const author: Party = edit.author_party === 'buyer' ? 'customer' : 'company';
    open.push({ m_id: edit.m_id, decisions: { isOriginal: false, author, approvals: { customer: edit.buyer_approval, company: edit.seller_approval } } });
  }
  return open;
}

/**
 * One version in Your Actions: where it stands for this user and whose decision it waits for,
 * and the buttons that act on it, named after it ("Approve Original", "Reject Edit").
 */
export function VersionDecision({
  version,
  viewer,
  pending,
  onDecide,
}: {
  version: OpenVersion;
  viewer: Party;
  pending: boolean;
  /** Null when the member's role may not decide (the panel says why). */
  onDecide: ((approve: boolean, versionId: number) => void) | null;
}) {
  const { decisions } = version;
  const mine = decisions.approvals[viewer];
  const word = decisions.isOriginal ? 'Original' : 'Edit';
  const name = versionName(decisions, viewer);
  return (
    <div role="group" aria-label={name.charAt(0).toUpperCase() + name.slice(1)} className="el-version-decision">
      <p className="el-muted">{versionStanding(decisions, viewer)}</p>
      {onDecide && mine !== 'approved' && (
        <LightButton variant="primary" loading={pending} onClick={() => onDecide(true, version.m_id)}>
          Approve {word}
        </LightButton>
      )}
      {onDecide && mine === 'pending' && (
        <LightButton danger loading={pending} onClick={() => onDecide(false, version.m_id)}>
          Reject {word}
        </LightButton>
      )}
    </div>
  );
}

/**
 * Nothing open is left to agree on: the original is rejected and no edit waits for a decision.
 * An edit is then the way on (or approving again what the other side approved), so Your Actions
 * offers Make Edit itself rather than leave a lone Approve.
 */
export const editIsTheWayOn = (milestone: MilestoneView): boolean =>
  milestone.can_edit &&
  !milestone.is_current &&
  !milestone.locked &&
  milestone.pending_edit === null &&
  (milestone.buyer_approval === 'rejected' || milestone.seller_approval === 'rejected');
