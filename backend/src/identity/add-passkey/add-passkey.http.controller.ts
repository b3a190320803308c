import type { PasskeyAdded } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { EnrolsFirstFactor, StepUp } from '../step-up.decorators';
import { AddPasskey } from './add-passkey.command';
import { PasskeyRegistrationRequest } from './add-passkey.request.dto';

@Controller()
export class AddPasskeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasskeyAdded', HttpStatus.CREATED)
  @MemberMay('own_account')
  @Post('account/passkeys')
  @Access('user')
  @StepUp()
  @EnrolsFirstFactor()
  @HttpCode(201)
  add(@Body() body: PasskeyRegistrationRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<PasskeyAdded> {
    return this.commandBus.execute(new AddPasskey(user, body.name, body.response, callerOf(request)));
  }
}
