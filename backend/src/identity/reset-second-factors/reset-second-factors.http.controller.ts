import type { MessageAnswer } from '@escrow/domain';
import { Controller, HttpCode, Param, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { AdminRoles, StepUp } from '../step-up.decorators';
import { ResetSecondFactors } from './reset-second-factors.command';

@Controller('admin')
@Access('admin')
export class ResetSecondFactorsController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @Post('users/:id/second-factors/reset')
  @AdminRoles('owner')
  @StepUp()
  @HttpCode(200)
  reset(@Param('id', ParseIdPipe) userId: number, @CurrentUser() admin: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new ResetSecondFactors(admin, userId, callerOf(request)));
  }
}
