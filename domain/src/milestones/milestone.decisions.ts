import type { ApprovalStatus, Party } from './events';

/**
 * A version open for decision as one party reads it (docs/product.md#approval-and-funding: each party approves or rejects a
 * version, its author included). Plain facts, so that the read model's next action and the
 * card's Your Actions word every version the same way.
 */
export type VersionDecisions = { approvals: Record<Party, ApprovalStatus> } & VersionWho;
/** An original is "the original" whoever proposed it; an edit is named after its author. */
export type VersionWho = { isOriginal: true } | { isOriginal: false; author: Party };

const otherParty = (party: Party): Party => (party === 'customer' ? 'company' : 'customer');
const partyName = (party: Party): 'buyer' | 'seller' => (party === 'customer' ? 'buyer' : 'seller');
const capitalised = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** How `viewer` calls a version: "the original", "your edit", "the buyer's edit". */
export function versionName(version: VersionWho, viewer: Party): string {
  if (version.isOriginal) return 'the original';
  return version.author === viewer ? 'your edit' : `the ${partyName(version.author)}'s edit`;
}

/** Several versions in one phrase: "the original and your edit", "the buyer's edits". */
function versionNames(versions: VersionWho[], viewer: Party): string {
  const counts = new Map<string, number>();
  for (const v of versions) counts.set(versionName(v, viewer), (counts.get(versionName(v, viewer)) ?? 0) + 1);
  const names = [...counts].map(([name, n]) => (n > 1 ? `${name}s` : name));
  return names.length <= 1 ? (names[0] ?? '') : `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`;
}

/**
 * Where a version stands for `viewer`, and whose decision it waits for: "Your edit waits for
 * your approval and the buyer's.", "You approved the original; it waits for the seller's approval."
 */
export function versionStanding(version: VersionDecisions, viewer: Party): string {
  const other = otherParty(viewer);
  const them = `the ${partyName(other)}`;
  const name = versionName(version, viewer);
  const mine = version.approvals[viewer];
  const theirs = version.approvals[other];
  if (mine === 'pending') {
    if (theirs === 'pending') return `${capitalised(name)} waits for your approval and ${them}'s.`;
    if (theirs === 'approved') return `${capitalised(name)} waits for your approval; ${them} approved it.`;
    return `${capitalised(them)} rejected ${name}.`;
  }
  if (mine === 'approved') {
    if (theirs === 'pending') return `You approved ${name}; it waits for ${them}'s approval.`;
    if (theirs === 'approved') return `You and ${them} approved ${name}.`;
    return `You approved ${name}; ${them} rejected it.`;
  }
  if (theirs === 'pending') return `You rejected ${name}; ${them} has not decided yet.`;
  if (theirs === 'approved') return `You rejected ${name}; ${them} approved it.`;
  return `You and ${them} rejected ${name}.`;
}

/**
 * The next step of `party` while no version is agreed, or while edits of the agreed one are open,
 * naming the versions it is about; null when only the other party can move. `versions` are the
 * versions open for decision, in the order they were proposed.
 */
export function decisionStep(versions: VersionDecisions[], party: Party, agreed: boolean): string | null {
  const other = otherParty(party);
  const alive = (v: VersionDecisions) => v.approvals[other] !== 'rejected';
  // Once this side approved a version, the ones proposed before it are the alternatives it passed
  // over; and a version the other side rejected cannot be agreed on unless they change their mind.
  const chosen = versions.findLastIndex((v) => v.approvals[party] === 'approved' && alive(v));
  const toDecide = versions.slice(chosen + 1).filter((v) => v.approvals[party] === 'pending' && alive(v));
  if (toDecide.length === 1) return `Approve or reject ${versionNames(toDecide, party)}`;
  if (toDecide.length > 1) return `Approve ${versionNames(toDecide, party).replace(/ and ([^,]+)$/, ' or $1')}, or reject them`;
  if (agreed) return null;
  if (versions.some((v) => v.approvals[party] === 'approved' && v.approvals[other] === 'pending')) return null;
  // Nothing waits for a decision: an edit, or approving again what the other side approved and this side rejected.
  const approvable = versions.filter((v) => v.approvals[party] === 'rejected' && v.approvals[other] === 'approved');
  return approvable.length > 0 ? `Approve ${versionNames(approvable, party)}, or propose an edit` : 'Propose an edit';
}
