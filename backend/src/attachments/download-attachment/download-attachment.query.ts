import { notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { attachmentOf } from '../attachment.view';
import { milestoneSeenBy } from '../attachment-access';
import { type AttachmentBytes, bytesOf } from '../attachment-bytes';
import type { FileStore } from '../storage/file-store';
import { FILE_STORE } from '../storage/file-store.provider';

/**
 * GET /api/milestone/{id}/attachments/{attachmentId}/file (or /thumbnail): the bytes, for the
 * milestone's parties, the payees it pays and administrators; a removed file for administrators
 * only (it stays for the audit). Everyone else is told there is no such milestone, as if it never was.
 */
export class DownloadAttachment extends Query<AttachmentBytes> {
  constructor(
    readonly user: SessionUser,
    readonly versionId: number,
    readonly attachmentId: string,
    readonly which: 'file' | 'thumbnail',
  ) {
    super();
  }
}

const noSuchFile = () => notFound('no_such_attachment', 'There is no such file on this milestone.');

@QueryHandler(DownloadAttachment)
export class DownloadAttachmentHandler implements IQueryHandler<DownloadAttachment> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly reads: MilestoneReads,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  async execute({ user, versionId, attachmentId, which }: DownloadAttachment): Promise<AttachmentBytes> {
    const ref = await milestoneSeenBy(this.access, versionId, user);
    const attachment = attachmentOf(await this.reads.one(ref.originalId), attachmentId);
    if (!attachment || (attachment.removed && user.role !== 'admin')) throw noSuchFile();
    return bytesOf(this.store, attachment, which, noSuchFile);
  }
}
