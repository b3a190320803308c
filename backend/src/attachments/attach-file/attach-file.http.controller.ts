import type { AttachmentView } from '@escrow/domain';
import {
  BadRequestException,
  Controller,
  HttpStatus,
  Inject,
  Logger,
  Param,
  PayloadTooLargeException,
  Post,
  Query,
  Req,
  ServiceUnavailableException,
  UnsupportedMediaTypeException,
} from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBody, ApiConsumes } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import { IdempotencyKey } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser } from '../../identity';
import { ScannerUnavailable } from '../scan/clamd-scan';
import { FileTooLarge } from '../storage/file-store';
import { AttachFile } from './attach-file.command';
import { AttachFileRequest } from './attach-file.request.dto';
import { isSenderFault, uploadOf } from './uploaded-file';

const malformed = () => new BadRequestException('The upload is not well-formed multipart/form-data or was cut short; send the file again.');

@Controller()
@Access('user')
export class AttachFileController {
  private readonly logger = new Logger('Attachments');

  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers('AttachmentView', HttpStatus.CREATED)
  @ApiConsumes('multipart/form-data')
  @ApiBody({ schema: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary' } } } })
  @Post('milestone/:id/attachments')
  async attach(
    @Param('id', ParseIdPipe) id: number,
    @Query() query: AttachFileRequest,
    @Req() request: FastifyRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<AttachmentView> {
    if (!request.isMultipart()) throw new UnsupportedMediaTypeException('Send the file as multipart/form-data, in a field named file.');
    // What a refused request does not read, Node discards once the answer is sent.
    const upload = await uploadOf(request).catch((error: unknown) => {
      throw isSenderFault(error) ? malformed() : error;
    });
    if (!upload) throw new BadRequestException('Choose a file to attach.');
    if (upload.field !== 'file') throw new BadRequestException('Send the file in a field named file.');
    try {
      return await this.commandBus.execute(new AttachFile(user, id, query.to, query.dispute_id ?? null, upload, key));
    } catch (error) {
      if (error instanceof ScannerUnavailable) {
        this.logger.error(`An upload was refused unscanned: ${error.message} (CLAMD_SOCKET; docs/attachments.md)`);
        throw new ServiceUnavailableException('Files cannot be checked for viruses right now, so none are taken. Try again in a few minutes.');
      }
      if (error instanceof FileTooLarge) {
        throw new PayloadTooLargeException(`The file is larger than ${this.config.attachments.maxFileBytes / (1024 * 1024)} MB; attach a smaller one.`);
      }
      throw isSenderFault(error) ? malformed() : error;
    }
  }
}
