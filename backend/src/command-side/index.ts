export { metadataOf, nowIso, systemMetadata } from './actor';
export { CommandSideModule } from './command-side.module';
export { commandSideSchema } from './command-side.schema';
export { type EventStream, EventStreams, milestoneStream, projectStream } from './event-streams';
export { IdempotencyKey } from './idempotency-key';
export { idempotencyKeyOf, IdsService } from './ids.service';
export { DoesNotRead, OwnWrites, ReadYourWrites } from './read-your-writes';
export { BindsItsOwnKey, RequestFingerprints } from './request-fingerprints';
