export { metadataOf, nowIso, systemMetadata } from './actor';
export { CommandSideModule } from './command-side.module';
export { type DecideOptions, type EventStream, EventStreams, type HandleResult, milestoneStream, projectStream } from './event-streams';
export { IdempotencyKey } from './idempotency-key';
export { idempotencyKeyOf, type IdSequence, IdsService } from './ids.service';
