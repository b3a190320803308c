import type { PasswordChanged } from '@escrow/domain';
import { Body, Controller, HttpCode, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { Access, CurrentUser, MemberMay } from '../access.decorators';
import { callerOf } from '../caller';
import type { SessionUser } from '../session-user';
import { StepUp } from '../step-up.decorators';
import { ChangePassword } from './change-password.command';
import { ChangePasswordRequest } from './change-password.request.dto';

@Controller('account')
@Access('user')
export class ChangePasswordController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasswordChanged')
  @MemberMay('own_account')
  @Put('password')
  @StepUp()
  @HttpCode(200)
  change(@Body() body: ChangePasswordRequest, @CurrentUser() user: SessionUser, @Req() request: FastifyRequest): Promise<PasswordChanged> {
    return this.commandBus.execute(new ChangePassword(user, body.current_password, body.password, callerOf(request)));
  }
}
