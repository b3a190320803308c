import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { CheckHealthController } from './check-health/check-health.http.controller';
import { CheckHealthHandler } from './check-health/check-health.query';
import { CheckLivenessController } from './check-liveness/check-liveness.http.controller';
import { CheckLivenessHandler } from './check-liveness/check-liveness.query';
import { CheckReadinessController } from './check-readiness/check-readiness.http.controller';
import { CheckReadinessHandler } from './check-readiness/check-readiness.query';
import { GetProjectorStatusController } from './get-projector-status/get-projector-status.http.controller';
import { GetProjectorStatusHandler } from './get-projector-status/get-projector-status.query';
import { ListDeadLettersController } from './list-dead-letters/list-dead-letters.http.controller';
import { ListDeadLettersHandler } from './list-dead-letters/list-dead-letters.query';
import { RebuildsHere } from './projectors';
import { RebuildProjectorHandler } from './rebuild-projector/rebuild-projector.handler';
import { RebuildProjectorController } from './rebuild-projector/rebuild-projector.http.controller';
import { ResumeProjectorHandler } from './resume-projector/resume-projector.handler';
import { ResumeProjectorController } from './resume-projector/resume-projector.http.controller';

/** For operators and orchestrators: health, liveness and readiness, and the projection runner's positions, failures, rebuilds and resumes. */
@Module({
  imports: [ProjectionsRuntimeModule],
  controllers: [
    CheckHealthController,
    CheckLivenessController,
    CheckReadinessController,
    GetProjectorStatusController,
    RebuildProjectorController,
    ListDeadLettersController,
    ResumeProjectorController,
  ],
  providers: [
    RebuildsHere,
    CheckHealthHandler,
    CheckLivenessHandler,
    CheckReadinessHandler,
    GetProjectorStatusHandler,
    RebuildProjectorHandler,
    ListDeadLettersHandler,
    ResumeProjectorHandler,
  ],
})
export class OperationsModule {}
