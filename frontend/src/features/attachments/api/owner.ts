/**
 * Whose evidence a list of files is: a milestone's (its terms, the work, its disputes), or a
 * project's retainage dispute. It names the API path and the query key of the list.
 */
export type EvidenceOwner = { kind: 'milestone'; originalId: number } | { kind: 'retainage'; projectId: number };

export const milestoneEvidence = (originalId: number): EvidenceOwner => ({ kind: 'milestone', originalId });
export const retainageEvidence = (projectId: number): EvidenceOwner => ({ kind: 'retainage', projectId });

/** The collection's path under /api: GET lists it, POST adds to it, DELETE …/{attachmentId} removes. */
export const evidencePath = (owner: EvidenceOwner): string =>
  owner.kind === 'milestone' ? `/milestone/${owner.originalId}/attachments` : `/job/${owner.projectId}/retainage/attachments`;
