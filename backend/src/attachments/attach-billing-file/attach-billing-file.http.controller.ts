import type { AttachmentView } from '@escrow/domain';
import { Controller, HttpStatus, Inject, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { BindsItsOwnKey, IdempotencyKey } from '../../command-side';
import type { AppConfig } from '../../config/app-config';
import { APP_CONFIG } from '../../config/config.tokens';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { OneFileUpload, receiveUpload } from '../intake/upload-request';
import { AttachBillingFile } from './attach-billing-file.command';

@Controller()
@Access('user')
export class AttachBillingFileController {
  constructor(
    private readonly commandBus: CommandBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  @Answers('AttachmentView', HttpStatus.CREATED)
  @OneFileUpload()
  @BindsItsOwnKey()
  @MemberMay('evidence.upload')
  @Post('job/:id/billing/attachments')
  async attach(
    @Param('id', ParseIdPipe) projectId: number,
    @Req() request: FastifyRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<AttachmentView> {
    return receiveUpload(request, this.config.attachments.maxFileBytes, (upload) =>
      this.commandBus.execute(new AttachBillingFile(user, projectId, upload, key)),
    );
  }
}
