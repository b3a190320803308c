import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { Inject, Injectable, Logger } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { developmentKeyFile } from '../config/development-key-file';
import { parseSecretsKey } from '../config/secrets-key';

const DEVELOPMENT_SECRETS_KEY_FILE = 'webhook-secrets.key';

const SEALED = 'v1:';
const ALGORITHM = 'aes-256-gcm';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** Bound into every seal: a value sealed with the same key for another purpose does not open as an endpoint secret. */
const ASSOCIATED_DATA = Buffer.from('escrow-ledger webhook endpoint signing secret', 'utf8');

export const UNOPENABLE_SECRET = "the endpoint's signing secret cannot be decrypted with this installation's WEBHOOK_SECRETS_KEY; rotate the secret";

/** A sealed secret this installation's key does not open: the key was changed or lost since it was sealed (or the value was altered). */
class UnopenableSecretError extends Error {
  constructor() {
    super(UNOPENABLE_SECRET);
  }
}

/** Whether a stored value is sealed; anything else is a plain secret written before secrets were sealed. */
export const isSealed = (stored: string): boolean => stored.startsWith(SEALED);

const b64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Seals webhook endpoint secrets for the database (AES-256-GCM) with a key kept outside it
 * (docs/operations.md, "Webhooks"): WEBHOOK_SECRETS_KEY (or WEBHOOK_SECRETS_KEY_FILE),
 * else a development key in the data folder. Whoever reads the database (a backup, a replica, an
 * injection elsewhere) then cannot sign a webhook an integrator's system would trust.
 * Stored as `v1:<iv>.<tag>.<ciphertext>`, each base64url.
 */
@Injectable()
export class WebhookSecretBox {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'webhookSecretsKey' | 'dataDir'>) {
    if (config.webhookSecretsKey) {
      this.key = config.webhookSecretsKey;
    } else {
      const file = join(config.dataDir, DEVELOPMENT_SECRETS_KEY_FILE);
      this.key = parseSecretsKey(
        developmentKeyFile(file, () => `${randomBytes(32).toString('base64')}\n`),
        file,
      );
      new Logger('Webhooks').warn(`sealing webhook secrets with the development key ${file}; set WEBHOOK_SECRETS_KEY in production`);
    }
  }

  seal(plain: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES }).setAAD(ASSOCIATED_DATA);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED}${b64url(iv)}.${b64url(cipher.getAuthTag())}.${b64url(ciphertext)}`;
  }

  /** The plain secret; a value without the prefix is a plain one from before sealing and comes back as it is. */
  open(stored: string): string {
    if (!isSealed(stored)) return stored;
    const [iv, tag, ciphertext, ...rest] = stored
      .slice(SEALED.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext || rest.length > 0 || iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new UnopenableSecretError();
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: TAG_BYTES }).setAAD(ASSOCIATED_DATA).setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      throw new UnopenableSecretError();
    }
  }

  /** As `open`, with null where this installation's key cannot open the value (the key was changed or lost). */
  openIfPossible(stored: string): string | null {
    try {
      return this.open(stored);
    } catch (error) {
      if (error instanceof UnopenableSecretError) return null;
      throw error;
    }
  }
}
