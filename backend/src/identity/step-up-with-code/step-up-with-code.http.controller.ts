import type { SteppedUp } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { SecondFactorCodeRequest } from '../shared-requests.dto';
import { StepUpWithCode } from './step-up-with-code.command';

@Controller()
export class StepUpWithCodeController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('SteppedUp')
  @MemberMay('own_account')
  @Post('auth/step-up')
  @Access('user')
  @HttpCode(200)
  stepUp(@Body() body: SecondFactorCodeRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SteppedUp> {
    return this.commandBus.execute(new StepUpWithCode(user, body.code, callerOf(request)));
  }
}
