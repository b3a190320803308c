import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { HealthController } from './health.controller';
import { OperationsController } from './operations.controller';

/** For operators: health, and the projection runner's positions, failures, rebuilds and resumes. */
@Module({ imports: [ProjectionsRuntimeModule], controllers: [HealthController, OperationsController] })
export class OperationsModule {}
