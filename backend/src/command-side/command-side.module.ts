import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { ReadModelsModule } from '../read-models';
import { AppendedPositions } from './appended-positions';
import { EventStreams } from './event-streams';
import { IdsService } from './ids.service';
import { MilestoneCommands } from './milestone-commands';
import { OwnWrites, ReadYourWrites } from './read-your-writes';
import { RequestFingerprints } from './request-fingerprints';

/**
 * Deciding on event streams (and the pipeline of the commands on a milestone), ids for what
 * commands create, Idempotency-Keys bound to one request, and reading your writes.
 */
@Module({
  imports: [ProjectionsRuntimeModule, ReadModelsModule],
  providers: [
    AppendedPositions,
    EventStreams,
    IdsService,
    MilestoneCommands,
    OwnWrites,
    // Global interceptors: made global in one place, src/global-enhancers.ts.
    ReadYourWrites,
    RequestFingerprints,
  ],
  exports: [EventStreams, IdsService, MilestoneCommands, OwnWrites, ReadYourWrites, RequestFingerprints],
})
export class CommandSideModule {}
