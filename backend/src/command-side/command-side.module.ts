import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';

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
    { provide: APP_INTERCEPTOR, useClass: ReadYourWrites },
    { provide: APP_INTERCEPTOR, useClass: RequestFingerprints },
  ],
  exports: [EventStreams, IdsService, OwnWrites],
})
export class CommandSideModule {}
