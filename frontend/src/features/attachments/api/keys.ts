/**
 * Query keys of the attachments feature. A milestone's files are one list whichever version id
 * asks for them, so they are keyed by the milestone's original id.
 */
export const attachmentKeys = {
  all: ['attachments'] as const,
  ofMilestone: (originalId: number) => [...attachmentKeys.all, 'milestone', originalId] as const,
};
