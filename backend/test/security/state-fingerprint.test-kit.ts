import type { Pool } from 'pg';

/**
 * What a refused request must leave exactly as it was: the event store (whose events every read
 * model is built from) and the mutable tables outside it. Each table is hashed row by row, so an
 * insert, an update and a delete all show.
 *
 * Left out on purpose: read models (derived from the events, covered by the events' hash);
 * `sessions.last_seen_at` (touched by any authenticated request, at most once a minute);
 * `idempotent_creations` and the id sequences (an id reserved for an Idempotency-Key, like a
 * sequence value, has no meaning until an event uses it, and a retry with the same key must get
 * the same id even when the first attempt was refused); `event_chain_checks` (a chain check
 * started by an accepted request writes its progress while later requests run). The security
 * world runs no webhook deliverer, so the webhook tables change only by requests.
 */
const TABLES: Record<string, string> = {
  events: `SELECT count(*)::text || ':' || coalesce(max(global_position), 0)::text || ':' || md5(coalesce(string_agg(event_id::text, ',' ORDER BY global_position), '')) FROM events`,
  sessions: `SELECT md5(coalesce(string_agg(encode(token_hash, 'hex') || user_id || expires_at, ',' ORDER BY token_hash), '')) FROM sessions`,
};
const HASHED_WHOLE = [
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
  'signed_agreements',
  'webhook_endpoints',
  'webhook_secret_rotations',
  'webhook_deliveries',
  'webhook_attempts',
];
for (const table of HASHED_WHOLE) TABLES[table] = `SELECT md5(coalesce(string_agg(t::text, E'\\n' ORDER BY t::text), '')) FROM ${table} t`;

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
