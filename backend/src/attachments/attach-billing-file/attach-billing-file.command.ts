import type { AttachmentView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { UploadedFile } from '../intake/uploaded-file';

/**
 * POST /api/job/{id}/billing/attachments: a party uploads a file to the project's billing (an
 * invoice or photos of stored materials, a change order's drawing), which pay application lines
 * and change orders then name by its id. The upload is read only once the rules allow it.
 */
export class AttachBillingFile extends Command<AttachmentView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly upload: UploadedFile,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
