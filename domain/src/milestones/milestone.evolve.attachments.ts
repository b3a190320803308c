import { assertNever } from '../shared/command';
import type { MilestoneEvent } from './events';
import type { ActiveMilestone } from './milestone.state';

export type AttachmentEvent = Extract<MilestoneEvent, { type: 'AttachmentAdded' | 'AttachmentRemoved' }>;

/** A file joins the milestone's evidence; a removed one stays, marked, with who removed it and when. */
export function evolveAttachments(s: ActiveMilestone, event: AttachmentEvent): ActiveMilestone {
  switch (event.type) {
    case 'AttachmentAdded': {
      const { attachmentId, to, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, by, byRole, at } = event.data;
      const attachment = { attachmentId, to, name, size, mediaType, sha256, thumbnailSha256, originalSha256, originalSize, by, byRole, at, removed: null };
      return { ...s, attachments: [...s.attachments, attachment] };
    }
    case 'AttachmentRemoved': {
      const { attachmentId, by, at } = event.data;
      return { ...s, attachments: s.attachments.map((a) => (a.attachmentId === attachmentId ? { ...a, removed: { by, at } } : a)) };
    }
    default:
      return assertNever(event);
  }
}
