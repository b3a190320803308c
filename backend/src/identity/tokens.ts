import { createHash, randomBytes } from 'node:crypto';

/** A random, URL-safe secret (sessions, reset codes, invitations); only its hash is stored. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSecret(secret: string): Buffer {
  return createHash('sha256').update(secret).digest();
}
