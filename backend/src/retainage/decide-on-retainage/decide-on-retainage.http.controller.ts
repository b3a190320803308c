import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';

import { IdempotencyKey, OwnWrites } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser, StepUpIfBuyerOf } from '../../identity';
import { GetRetainage } from '../retainage.query';
import { DecideOnRetainage } from './decide-on-retainage.command';
import { RetainageStatementRequest } from './decide-on-retainage.request.dto';

/**
 * A party asks for the project's retainage release, approves the other's request, or disputes it.
 * The buyer's request or approval is its consent to release the retainage (the other side's step
 * makes it happen), so it needs a step-up; a dispute moves nothing: an administrator decides it.
 */
@Controller()
@Access('user')
export class DecideOnRetainageController {
  constructor(
    private readonly commandBus: CommandBus,
    private readonly queryBus: QueryBus,
    private readonly ownWrites: OwnWrites,
  ) {}

  @Answers('RetainageView')
  @MemberMay('milestones.complete')
  @Post('job/:id/retainage/request')
  @StepUpIfBuyerOf('project')
  @HttpCode(200)
  request(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.act(user, projectId, 'request', null, key);
  }

  @Answers('RetainageView')
  @MemberMay('milestones.approve')
  @Post('job/:id/retainage/approve')
  @StepUpIfBuyerOf('project')
  @HttpCode(200)
  approve(@Param('id', ParseIdPipe) projectId: number, @CurrentUser() user: SessionUser, @IdempotencyKey() key: string | null) {
    return this.act(user, projectId, 'approve', null, key);
  }

  @Answers('RetainageView')
  @MemberMay('disputes.act')
  @Post('job/:id/retainage/dispute')
  @HttpCode(200)
  dispute(
    @Param('id', ParseIdPipe) projectId: number,
    @Body() body: RetainageStatementRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.act(user, projectId, 'dispute', body.statement, key);
  }

  private async act(user: SessionUser, projectId: number, action: DecideOnRetainage['action'], statement: string | null, key: string | null) {
    await this.commandBus.execute(new DecideOnRetainage(user, projectId, action, statement, key));
    await this.ownWrites.readable(); // the answer is read from the read models
    return this.queryBus.execute(new GetRetainage(user, projectId));
  }
}
