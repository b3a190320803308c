import type { AttachmentView } from '@escrow/domain';

/** The texts of the attachments screens, shared with their tests. */
export const ALLOWED_FILES = 'Images (JPEG, PNG, WebP), PDF files or office documents (Word, Excel, PowerPoint), up to 25 MB each.';
export const DROP_HERE = 'Drop files here, or press to choose them';
export const attachedText = (name: string) => `${name} attached.`;
export const removedText = (name: string) => `${name} removed.`;

const ROLE_WORDS: Record<AttachmentView['by']['role'], string> = { buyer: 'buyer', seller: 'seller', admin: 'administrator' };

/** Who attached a file, as the viewer reads it: "you (seller)", "Jordan Buyer (buyer)". */
export function attachedBy(file: AttachmentView, viewerId: number): string {
  const who = file.by.user_id === viewerId ? 'you' : (file.by.name ?? 'someone');
  return `${who} (${ROLE_WORDS[file.by.role]})`;
}

/** 312 bytes, 48 KB, 2.4 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

export const attachedAt = (iso: string): string => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The first 12 hex digits of a SHA-256: enough to tell files apart at a glance; the whole is read out and copied. */
export const shortHash = (sha256: string): string => `${sha256.slice(0, 12)}…`;
