import type { AttachmentView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { attachmentKeys } from './keys';
import { type EvidenceOwner, evidencePath } from './owner';

/** DELETE …/attachments/{attachmentId}: only its uploader, while its target is open. */
const removeAttachment = async (owner: EvidenceOwner, attachmentId: string): Promise<AttachmentView> =>
  (await api.delete<AttachmentView>(`${evidencePath(owner)}/${attachmentId}`, asCommand())).data;

export function useRemoveAttachment(owner: EvidenceOwner) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => removeAttachment(owner, attachmentId),
    onSuccess: (removed) => {
      // The answer is the file as it stands now (removed): show it so at once, then refetch.
      queryClient.setQueryData<AttachmentView[]>(attachmentKeys.of(owner), (files) =>
        files?.map((f) => (f.attachment_id === removed.attachment_id ? removed : f)),
      );
      return queryClient.invalidateQueries({ queryKey: attachmentKeys.of(owner) });
    },
  });
}
