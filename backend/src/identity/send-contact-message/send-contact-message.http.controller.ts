import type { MessageAnswer } from '@escrow/domain';
import { Body, Controller, HttpCode, HttpStatus, Post, Req } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { SendContactMessage } from './send-contact-message.command';
import { ContactRequest } from './send-contact-message.request.dto';

@Controller()
export class SendContactMessageController {
  constructor(private readonly commandBus: CommandBus) {}

  @Answers('MessageAnswer', HttpStatus.CREATED)
  @Post('contact')
  @HttpCode(201)
  send(@Body() body: ContactRequest, @Req() request: FastifyRequest): Promise<MessageAnswer> {
    return this.commandBus.execute(new SendContactMessage(body.name, body.email, body.phone ?? null, body.message, request.ip));
  }
}
