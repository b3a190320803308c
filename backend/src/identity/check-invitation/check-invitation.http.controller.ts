import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { CheckInvitation } from './check-invitation.query';

@Controller()
export class CheckInvitationController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('LinkOwner')
  @Get('auth/invite/:hash')
  check(@Param('hash') hash: string, @Req() request: FastifyRequest) {
    return this.queryBus.execute(new CheckInvitation(hash, request.ip));
  }
}
