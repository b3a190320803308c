import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { applicationLineInput, SubmitPayApplicationRequest } from '../billing-requests.dto';
import { SubmitPayApplicationCommand } from './submit-pay-application.command';

@Controller()
@Access('user')
export class SubmitPayApplicationController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PayApplicationView', HttpStatus.CREATED)
  @Post('job/:id/pay-applications')
  @MemberMay(BILLING_MEMBER_ACTIONS.SubmitPayApplication)
  @HttpCode(201)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: SubmitPayApplicationRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new SubmitPayApplicationCommand(user, projectId, body.period_to, body.lines.map(applicationLineInput), key));
  }
}
