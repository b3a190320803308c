import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';

import { PG_POOL } from '../infrastructure/database/database.tokens';

export const DEVICE_COOKIE = 'known_device';
/**
 * Sent only to the login routes (password, second step, passkey): the cookie means something
 * there and nowhere else. Secure depends on the request (LoginCookies).
 */
export const DEVICE_COOKIE_OPTIONS = { path: '/api/auth', httpOnly: true, sameSite: 'lax', maxAge: 365 * 24 * 60 * 60 } as const;
const SECRET_NAME = 'device-cookie-hmac';

export interface KnownDevice {
  userId: number;
  deviceId: string;
}

/**
 * "This browser has logged in to this account before": a cookie holding a random device id and
 * the user id, signed with HMAC-SHA256 under a key every API process reads from PostgreSQL
 * (created once, on first use). Nothing about it is stored per device, so it costs nothing to
 * issue; deleting the key (server_secrets) forgets every device at once.
 */
@Injectable()
export class DeviceCookies {
  private key: Promise<Buffer> | null = null;

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The device of a valid cookie value, or null (absent, malformed, forged, or signed with an old key). */
  async read(value: string | null): Promise<KnownDevice | null> {
    if (!value || value.length > 200) return null;
    const match = /^v1\.([A-Za-z0-9_-]{22})\.([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{43})$/.exec(value);
    if (!match) return null;
    const [, deviceId, userIdText, signature] = match;
    // Compared as text: base64url has several spellings of the same bytes (the last character's
    // spare bits), and an edited cookie must not pass for the one we issued.
    const expected = Buffer.from((await this.sign(deviceId!, Number(userIdText))).toString('base64url'));
    const given = Buffer.from(signature!);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    return { deviceId: deviceId!, userId: Number(userIdText) };
  }

  /** After a successful login: the cookie value that makes this browser known for this user from now on (a year, renewed on each login). */
  async issue(userId: number, deviceId: string | null): Promise<string> {
    const id = deviceId ?? randomBytes(16).toString('base64url');
    const signature = (await this.sign(id, userId)).toString('base64url');
    return `v1.${id}.${userId}.${signature}`;
  }

  private async sign(deviceId: string, userId: number): Promise<Buffer> {
    return createHmac('sha256', await this.secret())
      .update(`v1.${deviceId}.${userId}`)
      .digest();
  }

  private secret(): Promise<Buffer> {
    this.key ??= (async () => {
      // Whichever process comes first creates the key; every process then reads the same one.
      await this.pool.query('INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING', [SECRET_NAME, randomBytes(32)]);
      const { rows } = await this.pool.query<{ value: Buffer }>('SELECT value FROM server_secrets WHERE name = $1', [SECRET_NAME]);
      return rows[0]!.value;
    })().catch((error: unknown) => {
      this.key = null; // a database hiccup must not poison every later login
      throw error;
    });
    return this.key;
  }
}
