import type { AttachmentView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ListBillingFiles } from './list-billing-files.query';

@Controller()
@Access('user')
export class ListBillingFilesController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['AttachmentView'])
  @MemberMay('read')
  @Get('job/:id/billing/attachments')
  list(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<AttachmentView[]> {
    return this.queryBus.execute(new ListBillingFiles(user, projectId));
  }
}
