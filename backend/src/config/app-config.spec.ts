import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { describeStartupError } from '../infrastructure/startup-errors';
import { loadConfig } from './app-config';

describe('loadConfig: the webhook secrets key', () => {
  const key = randomBytes(32);
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'escrow-config-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is WEBHOOK_SECRETS_KEY, else the content of the file WEBHOOK_SECRETS_KEY_FILE names, else none (a development key)', () => {
    const file = join(dir, 'webhook-secrets.key');
    writeFileSync(file, `${key.toString('base64')}\n`);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY: key.toString('hex') }).webhookSecretsKey).toEqual(key);
    expect(loadConfig({ WEBHOOK_SECRETS_KEY_FILE: file }).webhookSecretsKey).toEqual(key);
    expect(loadConfig({}).webhookSecretsKey).toBeNull();
  });

  it('stops the start at a malformed key, naming the setting', () => {
    const file = join(dir, 'short.key');
    writeFileSync(file, randomBytes(16).toString('base64'));
    expect(() => loadConfig({ WEBHOOK_SECRETS_KEY: 'hunter2' })).toThrow(/^WEBHOOK_SECRETS_KEY must be 32 random bytes .*openssl rand -base64 32$/);
    expect(() => loadConfig({ WEBHOOK_SECRETS_KEY_FILE: file })).toThrow(`WEBHOOK_SECRETS_KEY_FILE (${file}) must be 32 random bytes`);
    // What `make start` prints: the problem and the remedy, no stack trace (and never the key).
    let refusal: unknown;
    try {
      loadConfig({ WEBHOOK_SECRETS_KEY: 'hunter2' });
    } catch (error) {
      refusal = error;
    }
    expect(describeStartupError(refusal, null)).toBe(
      'WEBHOOK_SECRETS_KEY must be 32 random bytes as base64 (44 characters) or 64 hex digits.\nMake one with: openssl rand -base64 32',
    );
  });
});
