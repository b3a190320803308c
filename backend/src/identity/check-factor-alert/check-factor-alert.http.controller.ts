import type { FactorAlert } from '@escrow/domain';
import { Controller, Get, Param, Req } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyRequest } from 'fastify';

import { Answers } from '../../http/openapi';
import { SessionIgnored } from '../access.decorators';
import { CheckFactorAlert } from './check-factor-alert.query';

@Controller()
export class CheckFactorAlertController {
  constructor(private readonly queryBus: QueryBus) {}

  @Answers('FactorAlert')
  @Get('auth/factor-alerts/:code')
  @SessionIgnored()
  check(@Param('code') code: string, @Req() request: FastifyRequest): Promise<FactorAlert> {
    return this.queryBus.execute(new CheckFactorAlert(code, request.ip));
  }
}
