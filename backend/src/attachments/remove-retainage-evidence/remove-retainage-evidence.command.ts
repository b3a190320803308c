import type { AttachmentView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** DELETE /api/job/{id}/retainage/attachments/{attachmentId}: its attacher takes a file back while the dispute is open. */
export class RemoveRetainageEvidence extends Command<AttachmentView> {
  constructor(
    readonly actor: SessionUser,
    readonly projectId: number,
    readonly attachmentId: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
