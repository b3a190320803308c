import { createCipheriv, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Logger } from '@nestjs/common';

import { parseSecretsKey } from '../config/secrets-key';
import { UNOPENABLE_SECRET, WebhookSecretBox } from './secret-box';
import { newWebhookSecret } from './signatures';

const boxWith = (key: Buffer) => new WebhookSecretBox({ webhookSecretsKey: key, dataDir: '/nonexistent' });

describe('WebhookSecretBox', () => {
  const box = boxWith(randomBytes(32));
  const secret = newWebhookSecret();

  it('seals a secret into a v1 value without the secret in it, and opens it again', () => {
    const sealed = box.seal(secret);
    expect(sealed).toMatch(/^v1:[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(sealed).not.toContain(secret.slice('whsec_'.length, 20));
    expect(box.open(sealed)).toBe(secret);
  });

  it('seals the same secret differently each time (a random IV), each opening to it', () => {
    const [a, b] = [box.seal(secret), box.seal(secret)];
    expect(a).not.toBe(b);
    expect([box.open(a), box.open(b)]).toEqual([secret, secret]);
  });

  it('refuses a sealed value that was altered anywhere', () => {
    const sealed = box.seal(secret);
    const [iv, tag, ciphertext] = sealed.slice(3).split('.') as [string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0]! ^= 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      `v1:${flip(iv)}.${tag}.${ciphertext}`,
      `v1:${iv}.${flip(tag)}.${ciphertext}`,
      `v1:${iv}.${tag}.${flip(ciphertext)}`,
      `v1:${iv}.${tag.slice(0, 8)}.${ciphertext}`, // a shortened tag would check fewer bits
      `v1:${iv}.${tag}`,
      'v1:',
    ])
      expect(() => box.open(altered)).toThrow(UNOPENABLE_SECRET);
  });

  it('refuses a value sealed with another key', () => {
    expect(() => box.open(boxWith(randomBytes(32)).seal(secret))).toThrow(UNOPENABLE_SECRET);
    // What delivery and a retried registration ask: the secret, or null when this key cannot open it.
    expect(box.openIfPossible(boxWith(randomBytes(32)).seal(secret))).toBeNull();
    expect(box.openIfPossible(box.seal(secret))).toBe(secret);
  });

  it('refuses a value sealed with the same key for another purpose (other associated data)', () => {
    const key = randomBytes(32);
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from('some other purpose'));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    const foreign = `v1:${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${ciphertext.toString('base64url')}`;
    expect(() => boxWith(key).open(foreign)).toThrow(UNOPENABLE_SECRET);
  });

  it('passes a plain secret stored before sealing through unchanged', () => {
    expect(box.open(secret)).toBe(secret);
  });

  describe('without WEBHOOK_SECRETS_KEY', () => {
    let dataDir: string;
    beforeEach(() => {
      dataDir = mkdtempSync(join(tmpdir(), 'escrow-secrets-key-'));
    });
    afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

    it('uses a development key generated once in the data folder (mode 600, in the form the setting takes), and warns', () => {
      const warn = jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
      const sealed = new WebhookSecretBox({ webhookSecretsKey: null, dataDir }).seal(secret);
      expect(new WebhookSecretBox({ webhookSecretsKey: null, dataDir }).open(sealed)).toBe(secret);
      const file = join(dataDir, 'webhook-secrets.key');
      expect((statSync(file).mode & 0o777).toString(8)).toBe('600');
      // Its content is what WEBHOOK_SECRETS_KEY (or the file WEBHOOK_SECRETS_KEY_FILE names) takes.
      expect(boxWith(parseSecretsKey(readFileSync(file, 'utf8'), 'WEBHOOK_SECRETS_KEY')).open(sealed)).toBe(secret);
      expect(warn).toHaveBeenCalledWith(expect.stringContaining(`development key ${file}; set WEBHOOK_SECRETS_KEY in production`));
      warn.mockRestore();
    });
  });
});

describe('parseSecretsKey', () => {
  const key = randomBytes(32);

  it('reads 32 bytes as base64 (openssl rand -base64 32) or 64 hex digits, around whitespace', () => {
    expect(parseSecretsKey(`${key.toString('base64')}\n`, 'WEBHOOK_SECRETS_KEY')).toEqual(key);
    expect(parseSecretsKey(key.toString('base64url'), 'WEBHOOK_SECRETS_KEY')).toEqual(key);
    expect(parseSecretsKey(` ${key.toString('hex').toUpperCase()} `, 'WEBHOOK_SECRETS_KEY')).toEqual(key);
  });

  it('refuses anything else, naming the setting and how to make a key', () => {
    for (const text of ['', 'secret', randomBytes(16).toString('base64'), randomBytes(33).toString('base64'), key.toString('hex').slice(2)])
      expect(() => parseSecretsKey(text, 'WEBHOOK_SECRETS_KEY')).toThrow(
        'WEBHOOK_SECRETS_KEY must be 32 random bytes as base64 (44 characters) or 64 hex digits. Make one with: openssl rand -base64 32',
      );
  });
});
