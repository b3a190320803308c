import { randomInt } from 'node:crypto';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { generateSecret } from 'otplib';

import { developmentKeyFile } from '../config/development-key-file';
import { DEMO_LOGINS } from './demo-directory';

/**
 * Where an installation keeps its demo secrets (in DATA_DIR, mode 600): `make start` prints
 * them, and the browser tests and benchmarks read them from their server's data folder.
 */
export const DEMO_SECRETS_FILE = 'demo-logins.json';

/** The demo users' password and each one's authenticator-app secret, by email. */
export interface DemoSecrets {
  password: string;
  totp: Record<string, string>;
}

/** No 0/o, 1/l/i: read off a terminal and typed. */
const PASSWORD_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** `demo-` and three groups of four: 59 random bits, typed in a login form without trouble. */
function demoPassword(): string {
  const group = () => Array.from({ length: 4 }, () => PASSWORD_ALPHABET[randomInt(PASSWORD_ALPHABET.length)]).join('');
  return `demo-${group()}-${group()}-${group()}`;
}

function generate(): DemoSecrets {
  return {
    password: demoPassword(),
    totp: Object.fromEntries(Object.values(DEMO_LOGINS).map((email) => [email, generateSecret()])),
  };
}

/**
 * This installation's demo secrets: made at random on the first start with demo data and kept
 * in DATA_DIR, so no two installations share them and none is written in the repository (a
 * demo reachable from elsewhere is not a public login). `created` says this call made them:
 * demo users seeded before then (by an earlier version, whose secrets were constants) are given
 * these (replaceDemoSecrets).
 */
export function demoSecrets(dataDir: string): { secrets: DemoSecrets; file: string; created: boolean } {
  const file = join(dataDir, DEMO_SECRETS_FILE);
  const created = !existsSync(file);
  const secrets = JSON.parse(developmentKeyFile(file, () => `${JSON.stringify(generate(), null, 2)}\n`)) as DemoSecrets;
  // A login added since this installation's first start (the team of issue 37) gets a secret of its own, kept with the others.
  const missing = Object.values(DEMO_LOGINS).filter((email) => !secrets.totp[email]);
  if (missing.length === 0) return { secrets, file, created };
  const completed = { ...secrets, totp: { ...secrets.totp, ...Object.fromEntries(missing.map((email) => [email, generateSecret()])) } };
  writeFileSync(file, `${JSON.stringify(completed, null, 2)}\n`, { mode: 0o600 });
  return { secrets: completed, file, created };
}
