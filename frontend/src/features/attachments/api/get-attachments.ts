import type { AttachmentView } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { attachmentKeys } from './keys';

// The answer's shape lives once, in the domain's contract (style rule 10).
export type { AttachmentPlace, AttachmentView } from '@escrow/domain';

/** GET /api/milestone/{id}/attachments: every file of the milestone, removed ones marked. */
export const getAttachments = async (originalId: number): Promise<AttachmentView[]> =>
  (await api.get<AttachmentView[]>(`/milestone/${originalId}/attachments`)).data;

export const attachmentsQuery = (originalId: number) =>
  queryOptions({ queryKey: attachmentKeys.ofMilestone(originalId), queryFn: () => getAttachments(originalId) });

export const useAttachments = (originalId: number) => useQuery(attachmentsQuery(originalId));
