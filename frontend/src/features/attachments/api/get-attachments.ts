// The answer's shape lives once, in the domain's contract (style rule 10).
import type { AttachmentView } from '@escrow/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';
import { attachmentKeys } from './keys';
import { type EvidenceOwner, evidencePath } from './owner';

/** GET /api/milestone/{id}/attachments or /api/job/{id}/retainage/attachments: every file, removed ones marked. */
const getAttachments = async (owner: EvidenceOwner): Promise<AttachmentView[]> => (await api.get<AttachmentView[]>(evidencePath(owner))).data;

export const attachmentsQuery = (owner: EvidenceOwner) => queryOptions({ queryKey: attachmentKeys.of(owner), queryFn: () => getAttachments(owner) });

/**
 * `anyFiles` false: the asker knows there are none (a card whose milestone counts no files), so
 * nothing is asked; a file attached here fills the list all the same (useAttachFile).
 */
export const useAttachments = (owner: EvidenceOwner, anyFiles = true) => useQuery({ ...attachmentsQuery(owner), enabled: anyFiles });
