import { notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { MilestoneReads, ProjectAccess } from '../../read-models';
import { attachmentOf } from '../attachment.view';
import { milestoneSeenBy } from '../attachment-access';
import type { FileStore } from '../storage/file-store';
import { FILE_STORE } from '../storage/file-store.provider';

export interface AttachmentBytes {
  name: string;
  mediaType: string;
  sha256: string;
  stream: NodeJS.ReadableStream;
}

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

/** The stored bytes of a recorded file (or its thumbnail), named for the download. */
export async function bytesOf(
  store: FileStore,
  file: { name: string; mediaType: string; sha256: string; thumbnailSha256: string | null },
  which: 'file' | 'thumbnail',
  noSuchFile: () => Error,
): Promise<AttachmentBytes> {
  const sha256 = which === 'thumbnail' ? file.thumbnailSha256 : file.sha256;
  if (!sha256) throw noSuchFile();
  const stream = await store.open(sha256);
  if (!stream) throw notFound('attachment_missing', 'This file’s bytes are missing from the store; an administrator has been told by the integrity check.');
  return which === 'thumbnail'
    ? { name: `${file.name}.webp`, mediaType: 'image/webp', sha256, stream }
    : { name: file.name, mediaType: file.mediaType, sha256, stream };
}
