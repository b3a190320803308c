import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { RevisionRequest } from '../billing-requests.dto';
import { AcceptCertificationCommand } from './accept-certification.command';

@Controller()
@Access('user')
export class AcceptCertificationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayApplicationView')
  @Post('job/:id/pay-applications/:number/accept')
  @MemberMay(BILLING_MEMBER_ACTIONS.AcceptCertification)
  @HttpCode(200)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('number', ParseIdPipe) applicationNumber: number,
    @Body() body: RevisionRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new AcceptCertificationCommand(user, projectId, applicationNumber, body.revision, key));
  }
}
