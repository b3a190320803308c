import { randomUUID } from 'node:crypto';

import type { AttachedFile } from '@escrow/domain';
import { v5 as uuidv5 } from 'uuid';

/** Stands in for the file while the rules are asked whether anything may be attached here at all: a refused attachment reads and stores no byte. */
export const PROBE_FILE: AttachedFile = {
  name: 'probe',
  size: 1,
  mediaType: 'application/pdf',
  sha256: '0'.repeat(64),
  thumbnailSha256: null,
  originalSha256: '0'.repeat(64),
  originalSize: 1,
};

/**
 * The id of a new attachment: from the caller's Idempotency-Key when there is one (a retry names
 * the same attachment, so it is answered, not stored again), else a new one. `namespace` keeps
 * the ids of each place apart (a random UUID per place, fixed forever).
 */
export function newAttachmentId(userId: number, idempotencyKey: string | null, namespace: string): string {
  return idempotencyKey ? uuidv5(`${userId}\u0000${idempotencyKey}`, namespace) : randomUUID();
}
