import { createHash, generateKeyPairSync, type KeyObject, randomBytes, sign } from 'node:crypto';

import { isoCBOR } from '@simplewebauthn/server/helpers';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();

function uint32(n: number): Buffer {
  const b = Buffer.alloc(4);
  b.writeUInt32BE(n);
  return b;
}

/**
 * A software passkey (a platform authenticator with a P-256 key, "none" attestation, user
 * verification): answers the options our server hands out exactly as a browser's
 * navigator.credentials would, so jest tests exercise the real @simplewebauthn/server checks.
 * Browser tests use Chromium's virtual authenticator instead.
 */
export class SoftPasskey {
  readonly credentialId = randomBytes(16);
  private readonly privateKey: KeyObject;
  private readonly publicJwk: { x: string; y: string };
  private userHandle = '';
  counter = 0;

  constructor(private readonly origin = 'http://localhost:3000') {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.privateKey = privateKey;
    this.publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer to registration options ({ options } of POST /api/account/passkeys/options). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }): Record<string, unknown> {
    this.userHandle = options.user.id;
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const cose = new Map<number, number | Uint8Array>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(this.publicJwk.x, 'base64url')],
      [-3, Buffer.from(this.publicJwk.y, 'base64url')],
    ]);
    const credentialIdLength = Buffer.alloc(2);
    credentialIdLength.writeUInt16BE(this.credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([0x01 | 0x04 | 0x40]), // user present, user verified, attested credential data
      uint32(this.counter),
      Buffer.alloc(16), // AAGUID
      credentialIdLength,
      this.credentialId,
      Buffer.from(isoCBOR.encode(cose)),
    ]);
    const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge: options.challenge, origin: this.origin, crossOrigin: false }));
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]) as never,
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }

  /** The answer to authentication options; the signature counter moves on by one each time. */
  authenticate(options: { challenge: string; rpId?: string }, overrides: { counter?: number; origin?: string } = {}): Record<string, unknown> {
    this.counter = overrides.counter ?? this.counter + 1;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authenticatorData = Buffer.concat([sha256(rpId), Buffer.from([0x01 | 0x04]), uint32(this.counter)]);
    const clientDataJSON = Buffer.from(
      JSON.stringify({ type: 'webauthn.get', challenge: options.challenge, origin: overrides.origin ?? this.origin, crossOrigin: false }),
    );
    const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authenticatorData),
        signature: b64url(signature),
        userHandle: this.userHandle || undefined,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform',
    };
  }
}
