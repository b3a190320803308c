// The answer's shape lives once, in the domain's contract (style rule 10).
import type { AttachmentView } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { attachmentKeys } from './keys';

/** GET /api/milestone/{id}/attachments: every file of the milestone, removed ones marked. */
const getAttachments = async (originalId: number): Promise<AttachmentView[]> => (await api.get<AttachmentView[]>(`/milestone/${originalId}/attachments`)).data;

const attachmentsQuery = (originalId: number) => queryOptions({ queryKey: attachmentKeys.ofMilestone(originalId), queryFn: () => getAttachments(originalId) });

export const useAttachments = (originalId: number) => useQuery(attachmentsQuery(originalId));
