import { createHash } from 'node:crypto';

/** Namespace of our name-based event ids (a random UUID, fixed forever). */
const NAMESPACE = Buffer.from('4f0c5b8e2d7a4e3f9b61c3a8d2e7f015', 'hex');

/**
 * The id of the `index`-th event of a request, derived from the client's idempotency key (RFC
 * 4122 version 5: SHA-1 over namespace + name). `scope` keeps two actors' keys from colliding
 * (e.g. "user-42:approve-milestone"). A retried request derives the same ids, so the store
 * appends nothing new and answers as the first time.
 */
export function eventIdFromKey(scope: string, idempotencyKey: string, index: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${scope}\u0000${idempotencyKey}\u0000${index}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50; // version 5
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The same value canonicalised: jsonb and ESDB may reorder keys, so compare content like this. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
