import type { AttachmentView } from '@escrow/domain';
import { Controller, Delete, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { attachmentIdPipe } from '../attachment-id.pipe';
import { RemoveAttachmentFile } from './remove-attachment.command';

@Controller()
@Access('user')
export class RemoveAttachmentController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('AttachmentView')
  @MemberMay('evidence.upload')
  @Delete('milestone/:id/attachments/:attachmentId')
  remove(
    @Param('id', ParseIdPipe) id: number,
    @Param('attachmentId', attachmentIdPipe()) attachmentId: string,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ): Promise<AttachmentView> {
    return this.commandBus.execute(new RemoveAttachmentFile(user, id, attachmentId, key));
  }
}
