import { Body, Controller, HttpCode, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { CompleteRequest } from '../milestone-requests.dto';
import { MarkComplete } from './mark-complete.command';

@Controller()
@Access('user')
export class MarkCompleteController {
  constructor(private readonly commandBus: CommandBus) {}

  /**
   * The buyer's mark is its consent to release the escrow (with the seller's, the payees are paid),
   * and taking it back is asked on the same route; the seller's is its claim that the work is done.
   */
  @Answers('MilestoneView')
  @MemberMay('milestones.complete')
  @Put('milestone/:id/complete')
  @StepUpIfBuyerOf('milestone')
  @HttpCode(200)
  async handle(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: CompleteRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new MarkComplete(user, versionId, body.complete, key));
  }
}
