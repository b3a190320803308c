import type { MessageAnswer } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { SessionIgnored } from '../access.decorators';
import { callerOf } from '../caller';
import { LinkCodeRequest } from '../shared-requests.dto';
import { UndoAddedFactor } from './undo-added-factor.command';

@Controller()
export class UndoAddedFactorController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @Post('auth/factor-alerts/undo')
  @SessionIgnored()
  @HttpCode(200)
  undo(@Body() body: LinkCodeRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new UndoAddedFactor(body.code, callerOf(request)));
  }
}
