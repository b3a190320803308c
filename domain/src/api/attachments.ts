/**
 * What a file is evidence of (the `to` of an attachment); `retainage_dispute` and `billing` (a
 * progress-billed project's invoices, photos and change-order files) are the project's, not a milestone's.
 */
export type AttachmentPlace = 'version' | 'rejection' | 'completion' | 'dispute' | 'retainage_dispute' | 'billing';

/**
 * A file attached to a milestone (GET /api/milestone/{id}/attachments) or to a project's
 * retainage dispute (GET /api/job/{id}/retainage/attachments): its record in the ledger, with the
 * SHA-256 of the bytes served at `download_url`.
 */
export interface AttachmentView {
  attachment_id: string;
  /** The milestone's original id; null for a retainage dispute's evidence or the billing's files (the project's). */
  original_id: number | null;
  to: AttachmentPlace;
  /** The version it was attached to (place version or rejection), else null. */
  version_id: number | null;
  /** The dispute it is evidence in (place dispute or retainage_dispute), else null. */
  dispute_id: number | null;
  name: string;
  size: number;
  media_type: string;
  /** SHA-256 of the file as stored and served (an image drawn again without its metadata): what `verify` and audit bundles check. */
  sha256: string;
  /**
   * SHA-256 and size of the file as it was uploaded, before anything was done to it: what its
   * sender can check against their own copy. The same as `sha256` and `size` for documents (stored
   * as they came); different for images. Null for files attached before these were recorded.
   */
  original_sha256: string | null;
  original_size: number | null;
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
