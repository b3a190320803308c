import { Body, Controller, HttpCode, HttpStatus, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';

import { IdempotencyKey } from '../../command-side';
import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay,type SessionUser } from '../../identity';
import { StatementRequest } from '../milestone-requests.dto';
import { OpenDispute } from './open-dispute.command';

@Controller()
@Access('user')
export class OpenDisputeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MilestoneView', HttpStatus.CREATED)
  @MemberMay('disputes.act')
  @Post('milestone/:id/dispute')
  @HttpCode(201)
  async handle(
    @Param('id', ParseIdPipe) versionId: number,
    @Body() body: StatementRequest,
    @CurrentUser() user: SessionUser,
    @IdempotencyKey() key: string | null,
  ) {
    return this.commandBus.execute(new OpenDispute(user, versionId, body.statement, key));
  }
}
