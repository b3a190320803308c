import { BILLING_MEMBER_ACTIONS } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay, type SessionUser } from '../../identity';
import { ProposeChangeOrderRequest, scheduleLineInput } from '../billing-requests.dto';
import { ProposeChangeOrderCommand } from './propose-change-order.command';

@Controller()
@Access('user')
export class ProposeChangeOrderController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('ProgressBillingView', HttpStatus.CREATED)
  @Post('job/:id/change-orders')
  @MemberMay(BILLING_MEMBER_ACTIONS.ProposeChangeOrder)
  @HttpCode(201)
  handle(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: ProposeChangeOrderRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    const changes = (body.changes ?? []).map((c) => ({ line: c.line, scheduledValue: c.scheduled_value }));
    return this.commandBus.execute(
      new ProposeChangeOrderCommand(user, projectId, body.reason, body.attachment_ids ?? [], changes, (body.new_lines ?? []).map(scheduleLineInput), key),
    );
  }
}
