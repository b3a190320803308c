import type { ReadinessView } from '@escrow/domain';
import { Controller, Get, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { FastifyReply } from 'fastify';

import { Answers } from '../../http/openapi';
import { CheckReadiness } from './check-readiness.query';

/** For orchestrators' readiness probes and load balancers: 503 (with the reasons) sends this process no traffic. */
@Controller('health/ready')
export class CheckReadinessController {
  constructor(private readonly queryBus: QueryBus) {}

  /** The same body answers 503 when the process is not ready (status "not_ready"). */
  @Get()
  @Answers('ReadinessView')
  async ready(@Res({ passthrough: true }) reply: FastifyReply): Promise<ReadinessView> {
    const readiness = await this.queryBus.execute(new CheckReadiness());
    if (readiness.status !== 'ready') reply.status(503);
    return readiness;
  }
}
