import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, Param, Put } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ChooseBillingRequest } from '../billing-requests.dto';
import { GetSchedule } from '../get-schedule/get-schedule.query';
import { ChooseBillingMethod } from './choose-billing-method.command';

@Controller()
@Access('user')
export class ChooseBillingMethodController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('ProgressBillingView')
  @Put('job/:id/billing')
  @MemberMay(BILLING_MEMBER_ACTIONS.ChooseBillingMethod)
  async handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: ChooseBillingRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    await this.commandBus.execute(new ChooseBillingMethod(user, projectId, body.method, key));
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetSchedule(user, projectId));
  }
}
