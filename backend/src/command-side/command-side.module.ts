import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { EventSourcedCommandService } from './event-sourced-command.service';
import { RequestFingerprints } from './request-fingerprints';

@Global()
@Module({
  providers: [EventSourcedCommandService, { provide: APP_INTERCEPTOR, useClass: RequestFingerprints }],
  exports: [EventSourcedCommandService],
})
export class CommandSideModule {}
