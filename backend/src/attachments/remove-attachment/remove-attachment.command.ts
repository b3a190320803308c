import type { AttachmentView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';

/** DELETE /api/milestone/{id}/attachments/{attachmentId}: the person who attached a file takes it off (the record and bytes stay). */
export class RemoveAttachmentFile extends Command<AttachmentView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly attachmentId: string,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
