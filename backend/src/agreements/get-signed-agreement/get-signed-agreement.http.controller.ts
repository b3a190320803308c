import type { SignedAgreementView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetSignedAgreement } from '../signed-agreement.query';

@Controller()
@Access('user')
export class GetSignedAgreementController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('SignedAgreementView')
  @MemberMay('read')
  @Get('agreements/:name')
  get(@Param('name') name: string, @CurrentUser() user: SessionUser): Promise<SignedAgreementView> {
    return this.queryBus.execute(new GetSignedAgreement(user, name));
  }
}
