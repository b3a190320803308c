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

export function isAcceptablePassword(password: unknown): password is string {
  return typeof password === 'string' && password.length >= MIN_PASSWORD_LENGTH && password.length <= 200;
}
