import type { PasskeyView } from '@escrow/domain';
import { Body, Controller, Param, Patch, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { ParseIdPipe } from '../../http/parse-id.pipe';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { PasskeyNameRequest } from '../shared-requests.dto';
import { RenamePasskey } from './rename-passkey.command';

@Controller()
export class RenamePasskeyController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasskeyView')
  @MemberMay('own_account')
  @Patch('account/passkeys/:id')
  @Access('user')
  rename(
    @Param('id', ParseIdPipe) id: number,
    @Body() body: PasskeyNameRequest,
    @CurrentUser() user: SessionUser,
    @Req() request: FastifyRequest,
  ): Promise<PasskeyView> {
    return this.commandBus.execute(new RenamePasskey(user, id, body.name, callerOf(request)));
  }
}
