import { notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { BillingReads } from '../../progress-billing';
import { billingReadBy } from '../attachment-access';
import { type AttachmentBytes, bytesOf } from '../attachment-bytes';
import type { FileStore } from '../storage/file-store';
import { FILE_STORE } from '../storage/file-store.provider';

/**
 * GET /api/job/{id}/billing/attachments/{attachmentId}/file (or /thumbnail): the bytes, for the
 * project's parties, its certifier and administrators. Everyone else is told there is no such project.
 */
export class DownloadBillingFile extends Query<AttachmentBytes> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
    readonly attachmentId: string,
    readonly which: 'file' | 'thumbnail',
  ) {
    super();
  }
}

const noSuchFile = () => notFound('no_such_attachment', 'There is no such file in this project’s billing.');

@QueryHandler(DownloadBillingFile)
export class DownloadBillingFileHandler implements IQueryHandler<DownloadBillingFile> {
  constructor(
    private readonly billing: BillingReads,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  async execute({ user, projectId, attachmentId, which }: DownloadBillingFile): Promise<AttachmentBytes> {
    const file = (await billingReadBy(this.billing, projectId, user)).find((f) => f.attachmentId === attachmentId);
    if (!file) throw noSuchFile();
    return bytesOf(this.store, file, which, noSuchFile);
  }
}
