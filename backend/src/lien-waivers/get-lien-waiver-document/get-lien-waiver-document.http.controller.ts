import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { invalidParam } from '../../http/api-refusal';
import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { GetLienWaiverDocument } from '../lien-waiver-document.query';

@Controller()
@Access('user')
export class GetLienWaiverDocumentController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('LienWaiverDocument')
  @MemberMay('read')
  @Get('waivers/:name')
  handle(@Param('name') name: string, @CurrentUser() user: SessionUser) {
    if (!/^[a-z0-9-]{1,120}$/.test(name)) throw invalidParam('name', 'That is not the name of a lien waiver.');
    return this.queryBus.execute(new GetLienWaiverDocument(user, name));
  }
}
