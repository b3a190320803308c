export { metadataOf, nowIso, systemMetadata } from './actor';
export { CommandSideModule } from './command-side.module';
export { commandSideSchema } from './command-side.schema';
export { EventStreams, type StreamWrite } from './event-streams';
export { type EventStream, milestoneStream, projectStream } from './stream-kinds';
export { IdempotencyKey } from './idempotency-key';
export { idempotencyKeyOf, IdsService } from './ids.service';
export { DoesNotRead, OwnWrites, ReadYourWrites } from './read-your-writes';
export { BindsItsOwnKey, RequestFingerprints } from './request-fingerprints';
