import type { Pool } from 'pg';

/**
 * What a refused request must leave exactly as it was: the event store (whose events every read
 * model is built from) and the mutable tables outside it.
 *
 * A table is summed up by its row count and the transaction ids (xmin) of its row versions:
 * every committed insert, update or delete leaves a row version of a newer transaction or one
 * row fewer, so any write shows, even one that wrote the same values back. (Until 2026-11-26
 * each row was serialised, sorted and hashed: the same verdicts for any change of content, but
 * 1.8 ms a call, 38 s of the fuzz suite's 90; this costs a fraction of a millisecond.)
 *
 * Left out on purpose: read models (derived from the events, covered by the events' summary);
 * `sessions.last_seen_at` (touched by any authenticated request, at most once a minute: sessions
 * are hashed by their other columns); `idempotent_creations` and the id sequences (an id
 * reserved for an Idempotency-Key, like a sequence value, has no meaning until an event uses it,
 * and a retry with the same key must get the same id even when the first attempt was refused);
 * `event_chain_checks` (a chain check started by an accepted request writes its progress while
 * later requests run). The security world runs no webhook deliverer, so the webhook tables
 * change only by requests.
 */
/** The sum and the newest of the row versions' transaction ids. */
const ROW_VERSIONS = `coalesce(sum(xmin::text::bigint), 0)::text || ':' || coalesce(max(xmin::text::bigint), 0)::text`;

const TABLES: Record<string, string> = {
  events: `SELECT count(*)::text || ':' || coalesce(max(global_position), 0)::text || ':' || ${ROW_VERSIONS} FROM events`,
  sessions: `SELECT md5(coalesce(string_agg(encode(token_hash, 'hex') || user_id || expires_at, ',' ORDER BY token_hash), '')) FROM sessions`,
};
const SUMMED_BY_ROW_VERSIONS = [
  'users',
  'companies',
  'services',
  'company_services',
  'one_time_codes',
  'account_deletion_requests',
  'contractor_applications',
  'contact_messages',
  'mail_outbox',
  'bank_accounts',
  // Bank-account personal data (holder names, request origins): written only when a command
  // will append, so a refused request leaves them as they were.
  'bank_account_holders',
  'request_origins',
  'signed_agreements',
  'webhook_endpoints',
  'webhook_secret_rotations',
  'webhook_deliveries',
  'webhook_attempts',
  // Second factors (issue 25). Left out: security_log (a refused login or code is recorded on
  // purpose) and webauthn_challenges (a refused passkey answer uses its challenge up, on purpose).
  'user_totp',
  'passkeys',
  'recovery_codes',
  'pending_logins',
];
for (const table of SUMMED_BY_ROW_VERSIONS) TABLES[table] = `SELECT count(*)::text || ':' || ${ROW_VERSIONS} FROM ${table}`;

const QUERY = `SELECT ${Object.entries(TABLES)
  .map(([name, sql]) => `(${sql}) AS "${name}"`)
  .join(', ')}`;

export type Fingerprint = Record<string, string>;

export async function fingerprint(pool: Pool): Promise<Fingerprint> {
  const { rows } = await pool.query<Fingerprint>(QUERY);
  return rows[0]!;
}

/** The tables whose content differs between two fingerprints. */
export function changedTables(before: Fingerprint, after: Fingerprint): string[] {
  return Object.keys(before).filter((name) => before[name] !== after[name]);
}
