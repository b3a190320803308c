import type { EvidenceOwner } from './owner';

/**
 * Query keys of the attachments feature. A milestone's files are one list whichever version id
 * asks for them, so they are keyed by the milestone's original id; a retainage dispute's by its project.
 */
export const attachmentKeys = {
  all: ['attachments'] as const,
  of: (owner: EvidenceOwner) =>
    owner.kind === 'milestone'
      ? ([...attachmentKeys.all, 'milestone', owner.originalId] as const)
      : ([...attachmentKeys.all, 'retainage', owner.projectId] as const),
};
