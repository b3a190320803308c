import type { AttachmentView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { ListRetainageEvidence } from './list-retainage-evidence.query';

@Controller()
@Access('user')
export class ListRetainageEvidenceController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers(['AttachmentView'])
  @MemberMay('read')
  @Get('job/:id/retainage/attachments')
  list(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<AttachmentView[]> {
    return this.queryBus.execute(new ListRetainageEvidence(user, projectId));
  }
}
