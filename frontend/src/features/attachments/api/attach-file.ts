import type { AttachmentPlace, AttachmentView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { attachmentKeys } from './keys';

/** Where a file goes: the terms or the rejection of a version, the work done, or a dispute. */
export type AttachmentTarget = { to: 'version' | 'rejection'; versionId: number } | { to: 'completion' } | { to: 'dispute'; disputeId: number };

export interface AttachFileInput {
  file: File;
  target: AttachmentTarget;
  /** Called as the bytes go out, with the share sent so far (0 to 100). */
  onProgress?: (percent: number) => void;
  signal?: AbortSignal;
}

/**
 * POST /api/milestone/{id}/attachments (multipart, one part named `file`). The id is the version
 * the file belongs to for the terms and rejections, else any version of the milestone (its
 * original). The Idempotency-Key makes a re-sent upload name the same attachment.
 */
async function attachFile(originalId: number, { file, target, onProgress, signal }: AttachFileInput): Promise<AttachmentView> {
  const id = target.to === 'version' || target.to === 'rejection' ? target.versionId : originalId;
  const params: { to: AttachmentPlace; dispute_id?: number } = { to: target.to };
  if (target.to === 'dispute') params.dispute_id = target.disputeId;
  const body = new FormData();
  body.append('file', file, file.name);
  const { data } = await api.post<AttachmentView>(`/milestone/${id}/attachments`, body, {
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

/** Attaches a file to the milestone and refreshes its list of files. */
export function useAttachFile(originalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AttachFileInput) => attachFile(originalId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: attachmentKeys.ofMilestone(originalId) }),
  });
}
