import type { AgreementView } from '@escrow/domain';
import { Controller, Get, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { GetAgreement } from './get-agreement.query';

@Controller()
@Access('user')
export class GetAgreementController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('AgreementView')
  @MemberMay('read')
  @Get('job/:id/agreement')
  get(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser): Promise<AgreementView> {
    return this.queryBus.execute(new GetAgreement(user, projectId));
  }
}
