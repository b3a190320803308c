import type { LivenessView } from '@escrow/domain';
import { Controller, Get } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';

import { Answers } from '../../http/openapi';
import { CheckLiveness } from './check-liveness.query';

/** For orchestrators' liveness probes (restart the process when it stops answering). */
@Controller('health/live')
export class CheckLivenessController {
  constructor(private readonly queryBus: QueryBus) {}

  @Get()
  @Answers('LivenessView')
  live(): Promise<LivenessView> {
    return this.queryBus.execute(new CheckLiveness());
  }
}
