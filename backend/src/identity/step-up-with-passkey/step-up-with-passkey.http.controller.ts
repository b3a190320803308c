import type { SteppedUp } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { PasskeyResponseRequest } from '../shared-requests.dto';
import { StepUpWithPasskey } from './step-up-with-passkey.command';

@Controller()
export class StepUpWithPasskeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('SteppedUp')
  @MemberMay('own_account')
  @Post('auth/step-up/passkey')
  @Access('user')
  @HttpCode(200)
  stepUp(@Body() body: PasskeyResponseRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<SteppedUp> {
    return this.commandBus.execute(new StepUpWithPasskey(user, body.response, callerOf(request)));
  }
}
