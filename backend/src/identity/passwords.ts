import { randomBytes } from 'node:crypto';

import { Algorithm, hash, verify } from '@node-rs/argon2';

const MIN_PASSWORD_LENGTH = 10;
export const PASSWORD_RULE = `Choose a password of at least ${MIN_PASSWORD_LENGTH} characters.`;

/** argon2id with the library's defaults (19 MiB, 2 passes): OWASP's recommended minimum. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, { algorithm: Algorithm.Argon2id });
}

export async function verifyPassword(stored: string | null, password: string): Promise<boolean> {
  if (!stored) return false;
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

/** A hash of a password nobody knows, made with hashPassword's parameters, once per process. */
let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against an account's hash, or, for an email without an account or an account
 * without a password, against a dummy hash of the same parameters: the check costs the same
 * either way, so its time does not tell which emails have an account (issue 35). False for the
 * dummy, whatever was typed.
 */
export async function checkPassword(stored: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hashPassword(randomBytes(32).toString('base64url'));
  const right = await verifyPassword(stored ?? (await dummyHash), password);
  return right && Boolean(stored);
}

export function isAcceptablePassword(password: unknown): password is string {
  return typeof password === 'string' && password.length >= MIN_PASSWORD_LENGTH && password.length <= 200;
}
