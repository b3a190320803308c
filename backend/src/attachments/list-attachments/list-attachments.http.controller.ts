import type { AttachmentView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { ListAttachments } from './list-attachments.query';

@Controller()
@Access('user')
export class ListAttachmentsController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['AttachmentView'])
  @MemberMay('read')
  @Get('milestone/:id/attachments')
  list(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser): Promise<AttachmentView[]> {
    return this.queryBus.execute(new ListAttachments(user, id));
  }
}
