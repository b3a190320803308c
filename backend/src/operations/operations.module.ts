import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { CheckHealthController } from './check-health/check-health.http.controller';
import { CheckHealthHandler } from './check-health/check-health.query';
import { GetProjectorStatusController } from './get-projector-status/get-projector-status.http.controller';
import { GetProjectorStatusHandler } from './get-projector-status/get-projector-status.query';
import { ListDeadLettersController } from './list-dead-letters/list-dead-letters.http.controller';
import { ListDeadLettersHandler } from './list-dead-letters/list-dead-letters.query';
import { RebuildsHere } from './projectors';
import { RebuildProjectorHandler } from './rebuild-projector/rebuild-projector.handler';
import { RebuildProjectorController } from './rebuild-projector/rebuild-projector.http.controller';
import { ResumeProjectorHandler } from './resume-projector/resume-projector.handler';
import { ResumeProjectorController } from './resume-projector/resume-projector.http.controller';

/** For operators: health, and the projection runner's positions, failures, rebuilds and resumes. */
@Module({
  imports: [ProjectionsRuntimeModule],
  controllers: [CheckHealthController, GetProjectorStatusController, RebuildProjectorController, ListDeadLettersController, ResumeProjectorController],
  providers: [RebuildsHere, CheckHealthHandler, GetProjectorStatusHandler, RebuildProjectorHandler, ListDeadLettersHandler, ResumeProjectorHandler],
})
export class OperationsModule {}
