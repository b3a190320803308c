/** What a file is evidence of (the `to` of an attachment); `retainage_dispute` is the project's, not a milestone's. */
export type AttachmentPlace = 'version' | 'rejection' | 'completion' | 'dispute' | 'retainage_dispute';

/**
 * A file attached to a milestone (GET /api/milestone/{id}/attachments) or to a project's
 * retainage dispute (GET /api/job/{id}/retainage/attachments): its record in the ledger, with the
 * SHA-256 of the bytes served at `download_url`.
 */
export interface AttachmentView {
  attachment_id: string;
  /** The milestone's original id; null for a retainage dispute's evidence (the project's). */
  original_id: number | null;
  to: AttachmentPlace;
  /** The version it was attached to (place version or rejection), else null. */
  version_id: number | null;
  /** The dispute it is evidence in (place dispute or retainage_dispute), else null. */
  dispute_id: number | null;
  name: string;
  size: number;
  media_type: string;
  sha256: string;
  /** Who attached it: their user id, name and side. */
  by: { user_id: number; name: string | null; role: 'buyer' | 'seller' | 'admin' };
  at: string;
  /** Removed files stay listed (the ledger keeps them), marked with who removed them and when. */
  removed: { by: number; at: string } | null;
  /** The file, as an attachment (Content-Disposition: attachment). */
  download_url: string;
  /** A small WebP of an image; null for documents. */
  thumbnail_url: string | null;
}
