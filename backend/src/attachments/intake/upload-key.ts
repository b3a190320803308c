import type { RequestFingerprints } from '../../command-side';
import type { SessionUser } from '../../identity';
import type { BeforeKeeping } from './attachment-intake';
import type { UploadedFile } from './uploaded-file';

/**
 * Binds an upload's Idempotency-Key (see BindsItsOwnKey) to the whole request once its file has
 * arrived: where it goes (`requestLine`, `target`) and the file as it was sent (its field, the
 * name as sent, the SHA-256 and size of its bytes before anything was done to them). The same key
 * with another file or name answers 422 and keeps nothing; a retry of the same upload passes.
 * Without a key there is nothing to bind.
 */
export function uploadKeyBinding(
  fingerprints: RequestFingerprints,
  c: { actor: SessionUser; idempotencyKey: string | null; upload: UploadedFile },
  requestLine: string,
  target: Record<string, unknown>,
): BeforeKeeping {
  return async (received) => {
    if (!c.idempotencyKey) return;
    const file = { field: c.upload.field, name: c.upload.name, sha256: received.sha256, size: received.size };
    await fingerprints.bind(c.actor.userId, c.idempotencyKey, requestLine, { requestLine, actor: c.actor.userId, target, file });
  };
}
