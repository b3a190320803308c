import type { AttachmentView } from '@escrow/domain';
import { Command } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import type { UploadedFile } from '../intake/uploaded-file';

/**
 * POST /api/milestone/{id}/attachments: a party (or, on a dispute, an administrator) attaches a
 * file. Everything is data except the upload itself, a stream the handler reads only once the
 * rules allow the attachment, so a refused one stores nothing.
 */
export class AttachFile extends Command<AttachmentView> {
  constructor(
    readonly actor: SessionUser,
    readonly versionId: number,
    readonly place: 'version' | 'rejection' | 'completion' | 'dispute',
    readonly disputeId: number | null,
    readonly upload: UploadedFile,
    readonly idempotencyKey: string | null,
  ) {
    super();
  }
}
