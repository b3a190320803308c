export { CommandSideModule } from './command-side.module';
export { EventStreams, milestoneStream, projectStream, type EventStream, type DecideOptions, type HandleResult } from './event-streams';
export { IdsService, idempotencyKeyOf, type IdSequence } from './ids.service';
export { IdempotencyKey } from './idempotency-key';
export { metadataOf, systemMetadata, nowIso } from './actor';
