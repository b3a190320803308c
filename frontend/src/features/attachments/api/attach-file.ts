import type { AttachmentPlace, AttachmentView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { attachmentsQuery } from './get-attachments';
import { type EvidenceOwner, evidencePath } from './owner';

/** Where a file goes: the terms or the rejection of a version, the work done, a dispute, or a retainage dispute. */
export type AttachmentTarget =
  | { to: 'version' | 'rejection'; versionId: number }
  | { to: 'completion' }
  | { to: 'dispute'; disputeId: number }
  | { to: 'retainage_dispute'; disputeId: number };

export interface AttachFileInput {
  file: File;
  target: AttachmentTarget;
  /** Called as the bytes go out, with the share sent so far (0 to 100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/milestone/{id}/attachments (multipart, one part named `file`): the id is the version
 * the file belongs to for the terms and rejections, else any version of the milestone (its
 * original). A retainage dispute's: POST /api/job/{id}/retainage/attachments?dispute_id=. The
 * Idempotency-Key makes a re-sent upload name the same attachment.
 */
async function attachFile(owner: EvidenceOwner, { file, target, onProgress, signal }: AttachFileInput): Promise<AttachmentView> {
  let path = evidencePath(owner);
  let params: { to?: AttachmentPlace; dispute_id?: number } = {};
  if (target.to === 'retainage_dispute') params = { dispute_id: target.disputeId };
  else {
    params = { to: target.to };
    if (target.to === 'dispute') params.dispute_id = target.disputeId;
    if ((target.to === 'version' || target.to === 'rejection') && owner.kind === 'milestone') path = evidencePath({ ...owner, originalId: target.versionId });
  }
  const body = new FormData();
  body.append('file', file, file.name);
  const { data } = await api.post<AttachmentView>(path, body, {
    ...asCommand(),
    params,
    signal,
    // A large file on a slow line takes longer than the client's 30 s for an answer.
    timeout: 0,
    onUploadProgress: (event) => {
      if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
    },
  });
  return data;
}

/**
 * Attaches a file and asks for the list it joins again. Fetched, not only invalidated: a card that
 * counted no files has its list query disabled, and an invalidation refetches enabled ones only.
 */
export function useAttachFile(owner: EvidenceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttachFileInput) => attachFile(owner, input),
    // The file is attached either way; a list that fails to load shows its own error.
    onSuccess: () => queryClient.fetchQuery({ ...attachmentsQuery(owner), staleTime: 0 }).catch(() => undefined),
  });
}
