import type { ActiveMilestone, AttachmentTarget, AttachmentView, BillingFileState, RetainageEvidence } from '@escrow/domain';

import type { Names } from '../read-models';

type AttachmentState = ActiveMilestone['attachments'][number];

const ROLE_WORDS = { customer: 'buyer', company: 'seller', admin: 'admin' } as const;

/** The wire shape of one attachment (spec-style snake_case), with where to fetch its bytes. */
export function attachmentView(milestone: ActiveMilestone, a: AttachmentState, names: Names): AttachmentView {
  const base = `/api/milestone/${milestone.originalId}/attachments/${a.attachmentId}`;
  return {
    attachment_id: a.attachmentId,
    original_id: milestone.originalId,
    to: a.to.kind,
    version_id: versionOf(a.to),
    dispute_id: a.to.kind === 'dispute' ? a.to.disputeId : null,
    name: a.name,
    size: a.size,
    media_type: a.mediaType,
    sha256: a.sha256,
    original_sha256: a.originalSha256,
    original_size: a.originalSize,
    by: { user_id: a.by, name: names.person(a.by), role: ROLE_WORDS[a.byRole] },
    at: a.at,
    removed: a.removed,
    download_url: `${base}/file`,
    thumbnail_url: a.thumbnailSha256 ? `${base}/thumbnail` : null,
  };
}

function versionOf(to: AttachmentTarget): number | null {
  return to.kind === 'version' || to.kind === 'rejection' ? to.versionId : null;
}

export function attachmentOf(milestone: ActiveMilestone, attachmentId: string): AttachmentState | null {
  return milestone.attachments.find((a) => a.attachmentId === attachmentId) ?? null;
}

/** A retainage dispute's file in the same wire shape, served under the project. */
export function retainageEvidenceView(projectId: number, e: RetainageEvidence, names: Names): AttachmentView {
  const base = `/api/job/${projectId}/retainage/attachments/${e.attachmentId}`;
  return {
    attachment_id: e.attachmentId,
    original_id: null,
    to: 'retainage_dispute',
    version_id: null,
    dispute_id: e.disputeId,
    name: e.name,
    size: e.size,
    media_type: e.mediaType,
    sha256: e.sha256,
    original_sha256: e.originalSha256,
    original_size: e.originalSize,
    by: { user_id: e.by, name: names.person(e.by), role: ROLE_WORDS[e.byRole] },
    at: e.at,
    removed: e.removed,
    download_url: `${base}/file`,
    thumbnail_url: e.thumbnailSha256 ? `${base}/thumbnail` : null,
  };
}

/** A file of a progress-billed project's billing in the same wire shape, served under the project. */
export function billingFileView(projectId: number, f: BillingFileState, names: Names): AttachmentView {
  const base = `/api/job/${projectId}/billing/attachments/${f.attachmentId}`;
  return {
    attachment_id: f.attachmentId,
    original_id: null,
    to: 'billing',
    version_id: null,
    dispute_id: null,
    name: f.name,
    size: f.size,
    media_type: f.mediaType,
    sha256: f.sha256,
    original_sha256: f.originalSha256,
    original_size: f.originalSize,
    by: { user_id: f.by, name: names.person(f.by), role: ROLE_WORDS[f.party] },
    at: f.at,
    removed: null,
    download_url: `${base}/file`,
    thumbnail_url: f.thumbnailSha256 ? `${base}/thumbnail` : null,
  };
}
