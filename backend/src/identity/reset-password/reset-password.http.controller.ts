import type { PasswordResetDone } from '@escrow/domain';
import { Body, Controller, HttpCode, Put, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { callerOf } from '../caller';
import { ResetPassword } from './reset-password.command';
import { ResetPasswordRequest } from './reset-password.request.dto';

@Controller()
export class ResetPasswordController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('PasswordResetDone')
  @Put('user/password/reset')
  @HttpCode(200)
  reset(@Body() body: ResetPasswordRequest, @Req() request: FastifyRequest): Promise<PasswordResetDone> {
    return this.commandBus.execute(new ResetPassword(body.code, body.password, callerOf(request)));
  }
}
