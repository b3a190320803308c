import { Module } from '@nestjs/common';

import { CommandSpans } from './command-spans';

/** What tracing needs inside Nest: the command handlers' spans. (The SDK itself starts in start-tracing.ts, before Nest.) */
@Module({ providers: [CommandSpans] })
export class TracingModule {}
