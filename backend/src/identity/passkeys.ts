import { createHash } from 'node:crypto';

import type { PasskeyRegistrationOptions, PasskeySignInOptions, PasskeyView } from '@escrow/domain';
import { conflict, invalid, notFound, unauthenticated } from '@escrow/domain';
import { Inject, Injectable } from '@nestjs/common';
import type * as WebAuthn from '@simplewebauthn/server';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Pool } from 'pg';

import type { AppConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.tokens';
import { PG_POOL } from '../infrastructure/database/database.tokens';

const RP_NAME = 'Escrow Ledger';

let webAuthnLibrary: typeof WebAuthn | undefined;
/** @simplewebauthn/server and its ASN.1 stack, loaded at the first passkey ceremony: about 70 ms of every start otherwise. */
function webAuthn(): typeof WebAuthn {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return (webAuthnLibrary ??= require('@simplewebauthn/server') as typeof WebAuthn);
}

const CHALLENGE_SECONDS = 5 * 60;
const PASSKEY_NOT_ACCEPTED = 'That passkey was not accepted. Try again, or use a code from your authenticator app.';

export type { PasskeyView };

interface PasskeyRow {
  passkey_id: number;
  user_id: number;
  credential_id: string;
  public_key: Buffer;
  counter: string;
  transports: string[];
  name: string;
  created_at: Date;
  last_used_at: Date | null;
}

const view = (row: PasskeyRow): PasskeyView => ({
  passkey_id: row.passkey_id,
  name: row.name,
  created_at: row.created_at.toISOString(),
  last_used_at: row.last_used_at?.toISOString() ?? null,
});

const challengeHash = (challenge: string) => createHash('sha256').update(challenge).digest();

/**
 * Passkeys (WebAuthn through @simplewebauthn/server): the relying party is the site's public
 * address (rpID its host name, origin its origin), challenges are kept server-side (hashed,
 * single use, five minutes) and bound to the user they were issued for (or to nobody for a
 * usernameless sign-in), and the signature counter must move forward.
 */
@Injectable()
export class Passkeys {
  private readonly rpID: string;
  private readonly origin: string;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    const url = new URL(config.publicUrl);
    this.rpID = url.hostname;
    this.origin = url.origin;
  }

  async list(userId: number): Promise<PasskeyView[]> {
    const { rows } = await this.pool.query<PasskeyRow>('SELECT * FROM passkeys WHERE user_id = $1 ORDER BY passkey_id', [userId]);
    return rows.map(view);
  }

  async registrationOptions(user: { userId: number; email: string; displayName: string }): Promise<PasskeyRegistrationOptions> {
    const { rows } = await this.pool.query<{ credential_id: string; transports: string[] }>(
      'SELECT credential_id, transports FROM passkeys WHERE user_id = $1',
      [user.userId],
    );
    const options = await webAuthn().generateRegistrationOptions({
      rpName: RP_NAME,
      rpID: this.rpID,
      userName: user.email,
      userDisplayName: user.displayName,
      userID: new TextEncoder().encode(`escrow-user-${user.userId}`),
      attestationType: 'none',
      excludeCredentials: rows.map((r) => ({ id: r.credential_id, transports: r.transports })),
      // Resident keys: the passkey can sign in without the email being typed first.
      authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    });
    await this.storeChallenge(options.challenge, 'registration', user.userId);
    // The library's object goes out as it is: the contract's type checks it has the fields the API documents.
    return options;
  }

  async register(userId: number, name: string, response: Record<string, unknown>): Promise<PasskeyView> {
    const trimmed = name.trim();
    if (!trimmed) throw invalid('passkey_name_required', 'Please give the passkey a name (like "Work laptop").');
    let verification;
    try {
      verification = await webAuthn().verifyRegistrationResponse({
        response: response as unknown as RegistrationResponseJSON,
        expectedChallenge: (challenge) => this.consumeChallenge(challenge, 'registration', (owner) => owner === userId),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        requireUserVerification: false,
      });
    } catch (error) {
      throw invalid('passkey_not_added', `The passkey could not be added: ${(error as Error).message}`);
    }
    if (!verification.verified) throw invalid('passkey_not_verified', 'The passkey could not be added. Try again.');
    const { credential } = verification.registrationInfo;
    const transports = ((response.response as { transports?: unknown } | undefined)?.transports ?? credential.transports ?? []) as unknown[];
    try {
      const { rows } = await this.pool.query<PasskeyRow>(
        `INSERT INTO passkeys (user_id, credential_id, public_key, counter, transports, name) VALUES ($1, $2, $3, $4, $5, $6) RETURNING *`,
        [userId, credential.id, Buffer.from(credential.publicKey), credential.counter, transports.filter((t) => typeof t === 'string').slice(0, 10), trimmed],
      );
      return view(rows[0]!);
    } catch (error) {
      if ((error as { code?: string }).code === '23505') throw conflict('passkey_duplicate', 'This passkey is already added.');
      throw error;
    }
  }

  async rename(userId: number, passkeyId: number, name: string): Promise<PasskeyView> {
    const trimmed = name.trim();
    if (!trimmed) throw invalid('passkey_name_required', 'Please give the passkey a name (like "Work laptop").');
    const { rows } = await this.pool.query<PasskeyRow>('UPDATE passkeys SET name = $3 WHERE user_id = $1 AND passkey_id = $2 RETURNING *', [
      userId,
      passkeyId,
      trimmed,
    ]);
    if (!rows[0]) throw notFound('no_such_passkey', 'There is no such passkey.');
    return view(rows[0]);
  }

  async remove(userId: number, passkeyId: number): Promise<PasskeyView> {
    const { rows } = await this.pool.query<PasskeyRow>('DELETE FROM passkeys WHERE user_id = $1 AND passkey_id = $2 RETURNING *', [userId, passkeyId]);
    if (!rows[0]) throw notFound('no_such_passkey', 'There is no such passkey.');
    return view(rows[0]);
  }

  /** Options to sign with a passkey: any of the site's (usernameless, `userId` null) or one of that user's. */
  async authenticationOptions(userId: number | null): Promise<PasskeySignInOptions> {
    const allow =
      userId === null
        ? []
        : (
            await this.pool.query<{ credential_id: string; transports: string[] }>('SELECT credential_id, transports FROM passkeys WHERE user_id = $1', [
              userId,
            ])
          ).rows;
    const options = await webAuthn().generateAuthenticationOptions({
      rpID: this.rpID,
      allowCredentials: allow.map((r) => ({ id: r.credential_id, transports: r.transports })),
      userVerification: 'preferred',
    });
    await this.storeChallenge(options.challenge, 'authentication', userId);
    return options;
  }

  /**
   * Checks a signature made with a passkey for a challenge of ours. `forUser`: the user the
   * challenge must have been issued to (a pending login, a step-up); null: a usernameless
   * sign-in, where user verification (PIN, biometrics) is required since the passkey stands
   * for both factors. Answers the passkey's user.
   */
  async authenticate(response: Record<string, unknown>, forUser: number | null): Promise<number> {
    const credentialId = typeof response.id === 'string' ? response.id : '';
    const { rows } = await this.pool.query<PasskeyRow>('SELECT * FROM passkeys WHERE credential_id = $1', [credentialId.slice(0, 1000)]);
    const passkey = rows[0];
    if (!passkey || (forUser !== null && passkey.user_id !== forUser)) throw unauthenticated('second_factor_failed', PASSKEY_NOT_ACCEPTED);
    let verification;
    try {
      verification = await webAuthn().verifyAuthenticationResponse({
        response: response as unknown as AuthenticationResponseJSON,
        expectedChallenge: (challenge) =>
          this.consumeChallenge(challenge, 'authentication', (owner) => (forUser === null ? owner === null : owner === forUser)),
        expectedOrigin: this.origin,
        expectedRPID: this.rpID,
        credential: {
          id: passkey.credential_id,
          publicKey: new Uint8Array(passkey.public_key),
          counter: Number(passkey.counter),
          transports: passkey.transports,
        },
        requireUserVerification: forUser === null,
      });
    } catch {
      throw unauthenticated('second_factor_failed', PASSKEY_NOT_ACCEPTED);
    }
    if (!verification.verified) throw unauthenticated('second_factor_failed', PASSKEY_NOT_ACCEPTED);
    // The counter moves forward only (a cloned authenticator shows an old one); 0 means the authenticator keeps none.
    const { rowCount } = await this.pool.query(`UPDATE passkeys SET counter = $2, last_used_at = now() WHERE passkey_id = $1 AND ($2 = 0 OR counter < $2)`, [
      passkey.passkey_id,
      verification.authenticationInfo.newCounter,
    ]);
    if (!rowCount) throw unauthenticated('second_factor_failed', PASSKEY_NOT_ACCEPTED);
    return passkey.user_id;
  }

  private async storeChallenge(challenge: string, purpose: 'registration' | 'authentication', userId: number | null): Promise<void> {
    await this.pool.query('DELETE FROM webauthn_challenges WHERE expires_at < now()');
    await this.pool.query(
      `INSERT INTO webauthn_challenges (challenge_hash, purpose, user_id, expires_at) VALUES ($1, $2, $3, now() + $4 * interval '1 second')`,
      [challengeHash(challenge), purpose, userId, CHALLENGE_SECONDS],
    );
  }

  /** Uses a challenge up (once, within five minutes) if it was ours for this purpose and its owner passes. */
  private async consumeChallenge(
    challenge: string,
    purpose: 'registration' | 'authentication',
    ownerPasses: (owner: number | null) => boolean,
  ): Promise<boolean> {
    const { rows } = await this.pool.query<{ user_id: number | null }>(
      'DELETE FROM webauthn_challenges WHERE challenge_hash = $1 AND purpose = $2 AND expires_at > now() RETURNING user_id',
      [challengeHash(challenge), purpose],
    );
    return rows.length > 0 && ownerPasses(rows[0]!.user_id);
  }
}
