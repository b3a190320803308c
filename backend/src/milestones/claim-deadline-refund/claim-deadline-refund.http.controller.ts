import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { ClaimDeadlineRefund } from './claim-deadline-refund.command';

@Controller()
@Access('user')
export class ClaimDeadlineRefundController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @MemberMay('payments.act')
  @Post('milestone/:id/refund-claim')
  @StepUpIfBuyerOf('milestone')
  @HttpCode(200)
  async handle(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.commandBus.execute(new ClaimDeadlineRefund(user, versionId, key));
  }
}
