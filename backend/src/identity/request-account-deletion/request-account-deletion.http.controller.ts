import type { MessageAnswer } from '@escrow/domain';
import { Body, Controller, HttpCode, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { RequestAccountDeletion } from './request-account-deletion.command';
import { DeleteAccountRequest } from './request-account-deletion.request.dto';

@Controller()
export class RequestAccountDeletionController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer')
  @Post('v2/delete-account-request')
  @HttpCode(200)
  request(@Body() body: DeleteAccountRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new RequestAccountDeletion(body.email, body.note ?? null, request.ip));
  }
}
