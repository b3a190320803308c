import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Access, CurrentUser, type SessionUser } from '../../identity';
import { GetSignedAgreement } from '../signed-agreement.query';

@Controller()
@Access('user')
export class GetSignedAgreementController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get('agreements/:name')
  get(@Param('name') name: string, @CurrentUser() user: SessionUser) {
    return this.queryBus.execute(new GetSignedAgreement(user, name));
  }
}
