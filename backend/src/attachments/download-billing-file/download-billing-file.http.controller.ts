import { Controller, Get, Param, Res, StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { AnswersFile } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { served } from '../attachment-bytes';
import { attachmentIdPipe } from '../attachment-id.pipe';
import { DownloadBillingFile } from './download-billing-file.query';

/** The billing's files, served as a milestone's are: never run, never sniffed, as downloads. */
@Controller()
@Access('user')
export class DownloadBillingFileController {
  constructor(private readonly queryBus: QueryBus) {}

  @AnswersFile('application/octet-stream', 'The uploaded file (its media type as sniffed at upload), as a download; X-Escrow-Sha256 is its hash in the ledger.')
  @MemberMay('read')
  @Get('job/:id/billing/attachments/:attachmentId/file')
  async file(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadBillingFile(user, projectId, attachmentId, 'file')), 'attachment', reply);
  }

  @AnswersFile('image/webp', 'A small WebP of an uploaded image, shown inline beside its line.')
  @MemberMay('read')
  @Get('job/:id/billing/attachments/:attachmentId/thumbnail')
  async thumbnail(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadBillingFile(user, projectId, attachmentId, 'thumbnail')), 'inline', reply);
  }
}
