import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { AnswersFile } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { served } from '../attachment-bytes';
import { attachmentIdPipe } from '../attachment-id.pipe';
import { DownloadRetainageEvidence } from './download-retainage-evidence.query';

/** A retainage dispute's files, served as a milestone's are: never run, never sniffed, as downloads. */
@Controller()
@Access('user')
export class DownloadRetainageEvidenceController {
  constructor(private readonly queryBus: QueryBus) {}

  @AnswersFile('application/octet-stream', 'The attached file (its media type as sniffed at upload), as a download; X-Escrow-Sha256 is its hash in the ledger.')
  @MemberMay('read')
  @Get('job/:id/retainage/attachments/:attachmentId/file')
  async file(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadRetainageEvidence(user, projectId, attachmentId, 'file')), 'attachment', reply);
  }

  @AnswersFile('image/webp', 'A small WebP of an attached image, shown inline in galleries.')
  @MemberMay('read')
  @Get('job/:id/retainage/attachments/:attachmentId/thumbnail')
  async thumbnail(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadRetainageEvidence(user, projectId, attachmentId, 'thumbnail')), 'inline', reply);
  }
}
