import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ReasonRequest } from '../billing-requests.dto';
import { DecideOnChangeOrder } from './decide-on-change-order.command';

@Controller()
@Access('user')
export class DecideOnChangeOrderController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView')
  @Post('job/:id/change-orders/:changeOrderId/approve')
  @MemberMay(BILLING_MEMBER_ACTIONS.ApproveChangeOrder)
  @HttpCode(200)
  approve(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('changeOrderId', ParseIdPipe) changeOrderId: number,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnChangeOrder(user, projectId, changeOrderId, 'approve', null, key));
  }

  @Answers('ProgressBillingView')
  @Post('job/:id/change-orders/:changeOrderId/reject')
  @MemberMay(BILLING_MEMBER_ACTIONS.RejectChangeOrder)
  @HttpCode(200)
  reject(
    @Param('id', ParseIdPipe) projectId: number,
    @Param('changeOrderId', ParseIdPipe) changeOrderId: number,
    @Body() body: ReasonRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new DecideOnChangeOrder(user, projectId, changeOrderId, 'reject', body.reason ?? null, key));
  }
}
