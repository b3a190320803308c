import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { CheckResetLink } from './check-reset-link.query';

@Controller()
export class CheckResetLinkController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('LinkOwner')
  @Get('auth/customer/:code')
  check(@Param('code') code: string, @Req() request: FastifyRequest) {
    return this.queryBus.execute(new CheckResetLink(code, request.ip));
  }
}
