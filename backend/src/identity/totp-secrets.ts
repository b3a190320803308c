import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { join } from 'node:path';

import { Inject, Injectable, Logger } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { developmentKeyFile } from '../config/development-key-file';
import { parseSecretsKey } from '../config/secrets-key';

const DEVELOPMENT_TOTP_KEY_FILE = 'second-factor-secrets.key';
const SEALED = 'v1:';
const ALGORITHM = 'aes-256-gcm';
/** Bound into every seal: a value sealed with the same key for another purpose does not open as a TOTP secret. */
const ASSOCIATED_DATA = Buffer.from('escrow-ledger totp secret', 'utf8');

/**
 * Seals TOTP secrets for the database (AES-256-GCM, as webhook secrets are) with a key kept
 * outside it: SECOND_FACTOR_SECRETS_KEY (or _FILE), else a development key in the data folder.
 * A copy of the database alone then cannot compute anyone's codes.
 */
@Injectable()
export class TotpSecrets {
  private readonly key: Buffer;

  constructor(@Inject(APP_CONFIG) config: Pick<AppConfig, 'secondFactorSecretsKey' | 'dataDir'>) {
    if (config.secondFactorSecretsKey) {
      this.key = config.secondFactorSecretsKey;
    } else {
      const file = join(config.dataDir, DEVELOPMENT_TOTP_KEY_FILE);
      this.key = parseSecretsKey(
        developmentKeyFile(file, () => `${randomBytes(32).toString('base64')}\n`),
        file,
      );
      new Logger('SecondFactors').warn(`sealing TOTP secrets with the development key ${file}; set SECOND_FACTOR_SECRETS_KEY in production`);
    }
  }

  /** A key for HMACs of recovery codes, derived from the sealing key (never the key itself). */
  hmacKey(): Buffer {
    return createHmac('sha256', this.key).update('escrow-ledger recovery codes').digest();
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv(ALGORITHM, this.key, iv, { authTagLength: 16 }).setAAD(ASSOCIATED_DATA);
    const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return `${SEALED}${[iv, cipher.getAuthTag(), ciphertext].map((b) => b.toString('base64url')).join('.')}`;
  }

  /** The plain secret, or null when this installation's key does not open it (changed or lost key). */
  open(stored: string): string | null {
    if (!stored.startsWith(SEALED)) return null;
    const [iv, tag, ciphertext, ...rest] = stored
      .slice(SEALED.length)
      .split('.')
      .map((part) => Buffer.from(part, 'base64url'));
    if (!iv || !tag || !ciphertext || rest.length > 0 || iv.length !== 12 || tag.length !== 16) return null;
    try {
      const decipher = createDecipheriv(ALGORITHM, this.key, iv, { authTagLength: 16 }).setAAD(ASSOCIATED_DATA).setAuthTag(tag);
      return Buffer.concat([decipher.update(ciphertext), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}
