import { Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';

import { ProjectionsRuntimeModule } from '../projections-runtime/projections-runtime.module';
import { EventStreams } from './event-streams';
import { IdsService } from './ids.service';
import { RequestFingerprints } from './request-fingerprints';

/** Deciding on event streams, ids for what commands create, and Idempotency-Keys bound to one request. */
@Module({
  imports: [ProjectionsRuntimeModule],
  providers: [EventStreams, IdsService, { provide: APP_INTERCEPTOR, useClass: RequestFingerprints }],
  exports: [EventStreams, IdsService],
})
export class CommandSideModule {}
