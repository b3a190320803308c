import type { MessageAnswer } from '@escrow/domain';
import { Controller, Delete, HttpCode, Param, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { RemovePasskey } from './remove-passkey.command';

@Controller()
export class RemovePasskeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @MemberMay('own_account')
  @Delete('account/passkeys/:id')
  @Access('user')
  @StepUp()
  @HttpCode(200)
  remove(@Param('id', ParseIdPipe) id: number, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new RemovePasskey(user, id, callerOf(request)));
  }
}
