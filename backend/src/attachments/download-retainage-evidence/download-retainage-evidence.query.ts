import { notFound } from '@escrow/domain';
import { Inject } from '@nestjs/common';
import { type IQueryHandler, Query, QueryHandler } from '@nestjs/cqrs';

import type { SessionUser } from '../../identity';
import { ProjectAccess } from '../../read-models';
import { projectSeenBy } from '../attachment-access';
import { type AttachmentBytes, bytesOf } from '../attachment-bytes';
import { RetainageEvidenceSource } from '../retainage-evidence-source';
import type { FileStore } from '../storage/file-store';
import { FILE_STORE } from '../storage/file-store.provider';

/**
 * GET /api/job/{id}/retainage/attachments/{attachmentId}/file (or /thumbnail): the bytes, for the
 * project's parties and administrators; a removed file for administrators only. Everyone else is
 * told there is no such project.
 */
export class DownloadRetainageEvidence extends Query<AttachmentBytes> {
  constructor(
    readonly user: SessionUser,
    readonly projectId: number,
    readonly attachmentId: string,
    readonly which: 'file' | 'thumbnail',
  ) {
    super();
  }
}

const noSuchFile = () => notFound('no_such_attachment', 'There is no such file in this project’s retainage dispute.');

@QueryHandler(DownloadRetainageEvidence)
export class DownloadRetainageEvidenceHandler implements IQueryHandler<DownloadRetainageEvidence> {
  constructor(
    private readonly access: ProjectAccess,
    private readonly source: RetainageEvidenceSource,
    @Inject(FILE_STORE) private readonly store: FileStore,
  ) {}

  async execute({ user, projectId, attachmentId, which }: DownloadRetainageEvidence): Promise<AttachmentBytes> {
    await projectSeenBy(this.access, projectId, user);
    const evidence = (await this.source.read(projectId)).find((e) => e.attachmentId === attachmentId);
    if (!evidence || (evidence.removed && user.role !== 'admin')) throw noSuchFile();
    return bytesOf(this.store, evidence, which, noSuchFile);
  }
}
