import { SetMetadata } from '@nestjs/common';

export const DOES_NOT_READ = 'escrow:does-not-read';
/**
 * A route that reads no read model (a metrics scrape): it neither waits for the client's
 * writes nor counts as a read that could be stale (see ReadYourWrites).
 */
export const DoesNotRead = () => SetMetadata(DOES_NOT_READ, true);
