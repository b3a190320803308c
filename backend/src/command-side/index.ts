export { metadataOf, nowIso, systemMetadata } from './actor';
export { CommandSideModule } from './command-side.module';
export { commandSideSchema } from './command-side.schema';
export { type DecideOptions, type EventStream, EventStreams, type HandleResult, milestoneStream, projectStream } from './event-streams';
export { IdempotencyKey } from './idempotency-key';
export { idempotencyKeyOf, type IdSequence, IdsService } from './ids.service';
export { OwnWrites, POSITION_HEADER, READ_AFTER_COOKIE, READ_AFTER_HEADER, ReadYourWrites, STALE_HEADER } from './read-your-writes';
export { RequestFingerprints } from './request-fingerprints';
