import type { AttachmentView } from '@escrow/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { attachmentKeys } from './keys';

/** DELETE /api/milestone/{id}/attachments/{attachmentId}: only its uploader, while its target is open. */
const removeAttachment = async (originalId: number, attachmentId: string): Promise<AttachmentView> =>
  (await api.delete<AttachmentView>(`/milestone/${originalId}/attachments/${attachmentId}`, asCommand())).data;

export function useRemoveAttachment(originalId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (attachmentId: string) => removeAttachment(originalId, attachmentId),
    onSuccess: (removed) => {
      // The answer is the file as it stands now (removed): show it so at once, then refetch.
      queryClient.setQueryData<AttachmentView[]>(attachmentKeys.ofMilestone(originalId), (files) =>
        files?.map((f) => (f.attachment_id === removed.attachment_id ? removed : f)),
      );
      return queryClient.invalidateQueries({ queryKey: attachmentKeys.ofMilestone(originalId) });
    },
  });
}
