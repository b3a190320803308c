import type { AttachmentView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { UploadedFile } from '../intake/uploaded-file';

/**
 * POST /api/job/{id}/retainage/attachments: a party or an administrator adds a file to the
 * project's open retainage dispute. The upload is read only once the rules allow it.
 */
export class AttachRetainageEvidence extends Command<AttachmentView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly disputeId: number,
    readonly upload: UploadedFile,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
