import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { StatementRequest } from '../milestone-requests.dto';
import { RespondToDispute } from './respond-to-dispute.command';

@Controller()
@Access('user')
export class RespondToDisputeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView')
  @MemberMay('disputes.act')
  @Post('milestone/:id/dispute/respond')
  @HttpCode(200)
  async handle(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: StatementRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new RespondToDispute(user, versionId, body.statement, key));
  }
}
