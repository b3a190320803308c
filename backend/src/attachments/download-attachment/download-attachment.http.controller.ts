import { Controller, Get, Param, Res, type StreamableFile } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { AnswersFile } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { served } from '../attachment-bytes';
import { attachmentIdPipe } from '../attachment-id.pipe';
import { DownloadAttachment } from './download-attachment.query';

/**
 * Files are served so that no browser runs them: never sniffed (nosniff), in a sandbox with no
 * permission at all (CSP), and the file itself as a download (Content-Disposition: attachment).
 * The name a person gave it is a quoted parameter, never a path.
 */
@Controller()
@Access('user')
export class DownloadAttachmentController {
  constructor(private readonly queryBus: QueryBus) {}

  @AnswersFile('application/octet-stream', 'The attached file (its media type as sniffed at upload), as a download; X-Escrow-Sha256 is its hash in the ledger.')
  @MemberMay('read')
  @Get('milestone/:id/attachments/:attachmentId/file')
  async file(
    @Param('id', ParseIdPipe) id: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadAttachment(user, id, attachmentId, 'file')), 'attachment', reply);
  }

  @AnswersFile('image/webp', 'A small WebP of an attached image, shown inline in galleries.')
  @MemberMay('read')
  @Get('milestone/:id/attachments/:attachmentId/thumbnail')
  async thumbnail(
    @Param('id', ParseIdPipe) id: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<StreamableFile> {
    return served(await this.queryBus.execute(new DownloadAttachment(user, id, attachmentId, 'thumbnail')), 'inline', reply);
  }
}
