import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { applicationLineInput, RevisePayApplicationRequest } from '../billing-requests.dto';
import { RevisePayApplicationCommand } from './revise-pay-application.command';

@Controller()
@Access('user')
export class RevisePayApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayApplicationView')
  @Post('job/:id/pay-applications/:number/revise')
  @MemberMay(BILLING_MEMBER_ACTIONS.RevisePayApplication)
  @HttpCode(200)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('number', ParseIdPipe) applicationNumber: number,
    @Body() body: RevisePayApplicationRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(
      new RevisePayApplicationCommand(user, projectId, applicationNumber, body.period_to ?? null, body.lines.map(applicationLineInput), key),
    );
  }
}
