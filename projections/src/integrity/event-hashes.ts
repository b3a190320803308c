import { createHash } from 'node:crypto';

import type { EventIntegrity } from '@escrow/domain';
import canonicalize from 'canonicalize';

/**
 * The hash chain over the events (docs/architecture.md, "The hash chain"). Both event stores
 * compute it in the append, the migration backfilled it, `projections verify` and the audit
 * bundle's verifier check it. Changing anything here changes every stored hash: don't; a new
 * scheme would be a new `v`.
 */
export const HASH_SCHEME_VERSION = 1;

/** The `previousHash` of every stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's content hash covers: its stream, id, type, data and metadata (all of it). */
export interface HashedContent {
  streamId: string;
  id: string;
  type: string;
  data: unknown;
  metadata: unknown;
}

/**
 * The RFC 8785 (JSON Canonicalization Scheme) text the content hash is taken of. The revision is
 * not in it (PostgreSQL numbers the revision in the statement); the chain fixes each event's place.
 */
function canonicalContent(event: HashedContent): string {
  return canonicalize({
    v: HASH_SCHEME_VERSION,
    streamId: event.streamId,
    eventId: event.id,
    type: event.type,
    data: event.data ?? null,
    metadata: event.metadata ?? null,
  })!;
}

export function contentHashBytes(event: HashedContent): Buffer {
  return createHash('sha256').update(canonicalContent(event), 'utf8').digest();
}

export function contentHash(event: HashedContent): string {
  return contentHashBytes(event).toString('hex');
}

/** sha-256 over the 32 bytes of the previous hash followed by the 32 bytes of the content hash. */
export function chainHash(previousHash: string, contentHashHex: string): string {
  return createHash('sha256').update(Buffer.from(previousHash, 'hex')).update(Buffer.from(contentHashHex, 'hex')).digest('hex');
}

/** The integrity of events appended after a predecessor whose hash is `previousHash`, in order. */
export function chainEvents(previousHash: string, events: readonly HashedContent[]): EventIntegrity[] {
  let previous = previousHash;
  return events.map((event) => {
    const content = contentHash(event);
    const hash = chainHash(previous, content);
    const integrity = { contentHash: content, previousHash: previous, hash };
    previous = hash;
    return integrity;
  });
}

const HEX_64 = /^[0-9a-f]{64}$/;

/** True when `value` has the shape of an EventIntegrity (the store may hold anything after tampering). */
export function isIntegrity(value: unknown): value is EventIntegrity {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return [v.contentHash, v.previousHash, v.hash].every((h) => typeof h === 'string' && HEX_64.test(h));
}
