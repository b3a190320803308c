import { StartupError } from '../infrastructure/startup-errors';

/** 32 bytes as base64 (`openssl rand -base64 32`) or as 64 hex digits; `setting` names where the text came from. */
export function parseSecretsKey(text: string, setting: string): Buffer {
  const trimmed = text.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(trimmed) ? Buffer.from(trimmed, 'base64') : null;
  if (key?.length !== 32)
    throw new StartupError(`${setting} must be 32 random bytes as base64 (44 characters) or 64 hex digits`, 'Make one with: openssl rand -base64 32');
  return key;
}
