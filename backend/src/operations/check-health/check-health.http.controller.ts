import type { HealthView } from '@escrow/domain';
import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { Answers } from '../../http/openapi';
import { CheckHealth } from './check-health.query';

/** 200 while the database answers (even "degraded"), 503 when it does not: load balancers and operators read this. */
@Controller('health')
export class CheckHealthController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The same body answers 503 when the database is down (status "down"). */
  @Get()
  @Answers('HealthView')
  async health(@Res({ passthrough: true }) reply: FastifyReply): Promise<HealthView> {
    const health = await this.queryBus.execute(new CheckHealth());
    if (health.status === 'down') reply.status(503);
    return health;
  }
}
