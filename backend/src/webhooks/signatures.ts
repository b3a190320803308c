import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

export const SIGNATURE_HEADER = 'Escrow-Signature';

/** A new endpoint secret: 32 random bytes, shown once. The HMAC key is the secret's text as UTF-8. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** HMAC-SHA256 over `<t>.<body>`, hex. */
function signatureOf(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
}

/**
 * The Escrow-Signature header, as Stripe's: `t=<unix seconds>,v1=<hex>`, with one more `v1=` for
 * each other secret still valid (the previous one, during a rotation's overlap).
 */
export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signatureOf(s, timestamp, body)}`)].join(',');
}

/** The receiver's side (the same check as docs/webhooks.md's sample): true when some v1 matches and t is recent. */
export function verifySignatureHeader(header: string, body: string, secret: string, toleranceSeconds = 300, now = Date.now()): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const t = Number(parts.find(([k]) => k === 't')?.[1]);
  if (!Number.isInteger(t) || Math.abs(now / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signatureOf(secret, t, body), 'hex');
  return parts.some(([k, v]) => k === 'v1' && v !== undefined && v.length === expected.length * 2 && timingSafeEqual(Buffer.from(v, 'hex'), expected));
}
