import { readFileSync } from 'node:fs';
import { join } from 'node:path';

import { e2eDataDir } from './environment';

interface DemoSecrets {
  /** The demo users' password. */
  password: string;
  /** Each demo user's authenticator-app secret, by email. */
  totp: Record<string, string>;
}

let cached: DemoSecrets | null = null;

/**
 * This worker's server's demo secrets, made at random at its first start and kept in its data
 * folder (DATA_DIR/demo-logins.json, backend/src/seed/demo-secrets.ts; `make start` prints them):
 * no installation's demo logins are known in advance.
 */
export function demoSecrets(): DemoSecrets {
  cached ??= JSON.parse(readFileSync(join(e2eDataDir(), 'demo-logins.json'), 'utf8')) as DemoSecrets;
  return cached;
}
