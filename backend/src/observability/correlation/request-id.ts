import { randomUUID } from 'node:crypto';

/**
 * An id a proxy may hand us: a UUID, a ULID, a hex trace id, `<host>-<counter>`. Bounded and
 * plain, so it can go into a log line, an event's metadata and a response header unescaped.
 */
const ACCEPTED_ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{7,127}$/;

/** The id when it may travel in a header or a log line as it is (events store whatever an older release or a copy wrote). */
export function acceptedIdOrNull(id: unknown): string | null {
  return typeof id === 'string' && ACCEPTED_ID.test(id) ? id : null;
}

/**
 * The id of a request: the one a trusted proxy sent in X-Request-Id when it is well-formed,
 * else a new UUID. An id from anyone else (or a malformed one) is ignored, never echoed: a
 * client cannot choose the id its requests are logged under, nor smuggle text into the logs.
 */
export function requestIdOf(header: string | string[] | undefined, fromTrustedProxy: boolean): string {
  if (fromTrustedProxy && typeof header === 'string' && ACCEPTED_ID.test(header)) return header;
  return randomUUID();
}
