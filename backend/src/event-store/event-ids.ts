import canonicalize from 'canonicalize';
import { v5 as uuidv5 } from 'uuid';

/** Namespace of our name-based event ids (a random UUID, fixed forever). */
const NAMESPACE = '4f0c5b8e-2d7a-4e3f-9b61-c3a8d2e7f015';

/**
 * The id of the `index`-th event of a request, derived from the client's idempotency key (RFC
 * 4122 version 5 over the name `scope NUL key NUL index`). `scope` keeps two actors' keys from
 * colliding (e.g. "user-42:milestone-5001"). A retried request derives the same ids, so the store
 * appends nothing new and answers as the first time.
 */
export function eventIdFromKey(scope: string, idempotencyKey: string, index: number): string {
  return uuidv5(`${scope}\u0000${idempotencyKey}\u0000${index}`, NAMESPACE);
}

/**
 * The same value canonicalised (RFC 8785, JSON Canonicalization Scheme): jsonb and EventStoreDB
 * may reorder keys, so content is compared, and requests fingerprinted, in this form.
 */
export function canonicalJson(value: unknown): string {
  return canonicalize(value ?? null) ?? 'null';
}
