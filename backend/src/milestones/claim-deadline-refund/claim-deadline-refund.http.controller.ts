import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, type SessionUser } from '../../identity';
import { GetMilestoneView } from '../milestone-view.query';
import { ClaimDeadlineRefund } from './claim-deadline-refund.command';

@Controller()
@Access('user')
export class ClaimDeadlineRefundController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
  ) {}

  @Answers('MilestoneView')
  @Post('milestone/:id/refund-claim')
  @HttpCode(200)
  async handle(@Param('id', ParseIdPipe) versionId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    const ref = await this.commandBus.execute(new ClaimDeadlineRefund(user, versionId, key));
    return this.queryBus.execute(new GetMilestoneView(user, ref.originalId, ref.viewer));
  }
}
