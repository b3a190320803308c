import type { AttachmentView } from '@escrow/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { api, asCommand } from '../../../lib/api-client';
import { billingKeys } from './get-schedule';

const filesKey = (projectId: number) => [...billingKeys.ofProject(projectId), 'files'] as const;

/** GET /api/job/{id}/billing/attachments: the files of the project's billing (invoices, photos, change-order drawings). */
export const useBillingFiles = (projectId: number, enabled = true) =>
  useQuery({
    queryKey: filesKey(projectId),
    queryFn: async () => (await api.get<AttachmentView[]>(`/job/${projectId}/billing/attachments`)).data,
    enabled,
  });

/**
 * POST /api/job/{id}/billing/attachments (multipart, one part named `file`): the answer's
 * `attachment_id` is what a line's evidence or a change order's attachments name. The
 * Idempotency-Key makes a re-sent upload name the same file.
 */
export function useUploadBillingFile(projectId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ file, onProgress }: { file: File; onProgress?: (percent: number) => void }) => {
      const body = new FormData();
      body.append('file', file, file.name);
      const { data } = await api.post<AttachmentView>(`/job/${projectId}/billing/attachments`, body, {
        ...asCommand(),
        // A large file on a slow line takes longer than the client's 30 s for an answer.
        timeout: 0,
        onUploadProgress: (event) => {
          if (onProgress && event.total) onProgress(Math.min(100, Math.round((event.loaded / event.total) * 100)));
        },
      });
      return data;
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: filesKey(projectId) }),
  });
}
