import { Module } from '@nestjs/common';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { AppendedPositions } from './appended-positions';
import { EventStreams } from './event-streams';
import { IdsService } from './ids.service';
import { OwnWrites, ReadYourWrites } from './read-your-writes';
import { RequestFingerprints } from './request-fingerprints';

/** Deciding on event streams, ids for what commands create, Idempotency-Keys bound to one request, and reading your writes. */
@Module({
  imports: [ProjectionsRuntimeModule],
  providers: [
    AppendedPositions,
    EventStreams,
    IdsService,
    OwnWrites,
    // Global interceptors: made global in one place, src/global-enhancers.ts.
    ReadYourWrites,
    RequestFingerprints,
  ],
  exports: [EventStreams, IdsService, OwnWrites, ReadYourWrites, RequestFingerprints],
})
export class CommandSideModule {}
