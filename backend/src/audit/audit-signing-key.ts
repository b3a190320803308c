import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { join } from 'node:path';

import type { AuditSigningKeyView } from '@escrow/domain';
import { keyFingerprint } from '@escrow/projections';
import { Inject, Injectable, Logger } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { developmentKeyFile } from '../config/development-key-file';

const DEVELOPMENT_KEY_FILE = 'audit-signing-key.pem';

/** An Ed25519 private key from PEM text; a clear message for anything else. */
function readSigningKey(pem: string, where: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem);
  } catch (error) {
    throw new Error(`${where} is not a private key in PEM form (${(error as Error).message}); make one with: openssl genpkey -algorithm ed25519`);
  }
  if (key.asymmetricKeyType !== 'ed25519')
    throw new Error(`${where} is an ${key.asymmetricKeyType} key; audit bundles are signed with Ed25519 (openssl genpkey -algorithm ed25519)`);
  return key;
}

/**
 * The development key: generated once in the data folder (mode 600) and reused, so bundles of one
 * installation verify against one key.
 */
export function developmentKey(dataDir: string): KeyObject {
  const file = join(dataDir, DEVELOPMENT_KEY_FILE);
  const pem = developmentKeyFile(file, () => generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
  return readSigningKey(pem, file);
}

/**
 * The key audit bundles are signed with (docs/operations.md, "Audit exports"): AUDIT_SIGNING_KEY
 * (or AUDIT_SIGNING_KEY_FILE), else a development key kept in the data folder. The private half
 * stays out of the database on purpose: whoever can change the events table must not be able
 * to sign a bundle of their changes.
 */
@Injectable()
export class AuditSigningKey {
  private readonly logger = new Logger('Audit');
  private key: { privateKey: KeyObject; publicKey: KeyObject; source: AuditSigningKeyView['source'] } | null = null;

  constructor(@Inject(APP_CONFIG) private readonly config: AppConfig) {}

  /** Loaded on first use, so a process that never exports never writes a key file. */
  private loaded() {
    if (!this.key) {
      const fromSetting = this.config.auditSigningKey;
      const privateKey = fromSetting ? readSigningKey(fromSetting, 'AUDIT_SIGNING_KEY') : developmentKey(this.config.dataDir);
      if (!fromSetting)
        this.logger.warn(
          `signing audit bundles with the development key ${join(this.config.dataDir, DEVELOPMENT_KEY_FILE)}; set AUDIT_SIGNING_KEY in production`,
        );
      this.key = { privateKey, publicKey: createPublicKey(privateKey), source: fromSetting ? 'setting' : 'development' };
    }
    return this.key;
  }

  get publicKey(): KeyObject {
    return this.loaded().publicKey;
  }

  sign(bytes: Buffer): Buffer {
    return sign(null, bytes, this.loaded().privateKey);
  }

  view(): AuditSigningKeyView {
    const { publicKey, source } = this.loaded();
    return { algorithm: 'Ed25519', publicKeyPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(), fingerprint: keyFingerprint(publicKey), source };
  }
}
