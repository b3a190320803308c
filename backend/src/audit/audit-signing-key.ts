import { createPrivateKey, createPublicKey, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';
import { linkSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import type { AuditSigningKeyView } from '@escrow/domain';
import { keyFingerprint } from '@escrow/projections';
import { Inject, Injectable, Logger } from '@nestjs/common';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';

export const DEVELOPMENT_KEY_FILE = 'audit-signing-key.pem';

/** An Ed25519 private key from PEM text; a clear message for anything else. */
export function readSigningKey(pem: string, where: string): KeyObject {
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
 * installation verify against one key. Several processes starting at once: the first file wins.
 */
export function developmentKey(dataDir: string): KeyObject {
  const file = join(dataDir, DEVELOPMENT_KEY_FILE);
  try {
    return readSigningKey(readFileSync(file, 'utf8'), file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(dataDir, { recursive: true });
  const { privateKey } = generateKeyPairSync('ed25519');
  // Written whole under a name of its own, then linked into place: a process starting meanwhile
  // never reads a half-written key, and of two racing processes the first link wins.
  const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(draft, privateKey.export({ format: 'pem', type: 'pkcs8' }), { mode: 0o600, flag: 'wx' });
  try {
    linkSync(draft, file);
    return privateKey;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readSigningKey(readFileSync(file, 'utf8'), file);
  } finally {
    rmSync(draft, { force: true });
  }
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
