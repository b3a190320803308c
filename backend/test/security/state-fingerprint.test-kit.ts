import type { Pool } from 'pg';

/**
 * What a refused request must leave exactly as it was: the event store (whose events every read
 * model is built from) and the mutable tables outside it.
 *
 * Every row written to a watched table — inserted, updated (even with the same values) or
 * deleted — is noted by a row trigger in `test_writes`, in the test's own database only; a
 * fingerprint is the newest note's id, and the tables changed between two fingerprints are the
 * tables of the notes between them. A write rolled back takes its note with it. (Until
 * 2026-11-26 each table was summed by its rows' transaction ids on every call: the same verdicts,
 * but 1.4 ms a call on an idle machine, a third of the fuzz suite's time per request; reading
 * the newest note costs a round trip.)
 *
 * Left out on purpose: read models (derived from the events, covered by the events' notes);
 * `sessions.last_seen_at` and the other bookkeeping columns of a session (touched by any
 * authenticated request: sessions count as changed when one is created, deleted, or has its
 * token, user or expiry changed); `idempotent_creations` and the id sequences (an id reserved for
 * an Idempotency-Key, like a sequence value, has no meaning until an event uses it, and a retry
 * with the same key must get the same id even when the first attempt was refused);
 * `event_chain_checks` (a chain check started by an accepted request writes its progress while
 * later requests run). The security world runs no webhook deliverer, so the webhook tables
 * change only by requests.
 */
const WATCHED = [
  'events',
  'sessions',
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
  // "This wasn't me" links and the logins they hold (issue 35).
  'factor_alerts',
  'password_resets_required',
] as const;

/** The columns whose change makes a session count as changed (see above). */
const SESSION_IDENTITY = ['token_hash', 'user_id', 'expires_at'];

function installSql(): string {
  const triggers = WATCHED.map((table) => {
    const name = `test_writes_${table}`;
    const updates =
      table === 'sessions'
        ? `CREATE TRIGGER ${name}_u AFTER UPDATE ON sessions FOR EACH ROW
             WHEN ((${SESSION_IDENTITY.map((c) => `OLD.${c}`).join(', ')}) IS DISTINCT FROM (${SESSION_IDENTITY.map((c) => `NEW.${c}`).join(', ')}))
             EXECUTE FUNCTION test_note_write();`
        : `CREATE TRIGGER ${name}_u AFTER UPDATE ON ${table} FOR EACH ROW EXECUTE FUNCTION test_note_write();`;
    return `
      CREATE TRIGGER ${name}_id AFTER INSERT OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION test_note_write();
      ${updates}
      CREATE TRIGGER ${name}_t AFTER TRUNCATE ON ${table} FOR EACH STATEMENT EXECUTE FUNCTION test_note_write();`;
  }).join('\n');
  // One transaction, under a lock, so two callers on the same database install it once.
  return `
    BEGIN;
    SELECT pg_advisory_xact_lock(hashtext('test_writes'));
    DO $install$ BEGIN
      IF to_regclass('test_writes') IS NULL THEN
        CREATE UNLOGGED TABLE test_writes (id bigserial PRIMARY KEY, table_name text NOT NULL);
        -- SECURITY DEFINER: the notes are written whoever writes the row (the app's runtime login
        -- may not write test_writes; the owner installs this through TestApp.ownerPool()).
        CREATE FUNCTION test_note_write() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER SET search_path = public AS $f$
          BEGIN INSERT INTO test_writes (table_name) VALUES (TG_TABLE_NAME); RETURN NULL; END $f$;
        ${triggers}
      END IF;
    END $install$;
    COMMIT;`;
}

const installed = new WeakSet<Pool>();

async function watch(pool: Pool): Promise<void> {
  if (installed.has(pool)) return;
  await pool.query(installSql());
  installed.add(pool);
}

/** The newest write note, and the newest event's position (for naming what was appended). */
export interface Fingerprint {
  write: string;
  eventPosition: string;
}

export async function fingerprint(pool: Pool): Promise<Fingerprint> {
  await watch(pool);
  const { rows } = await pool.query<Fingerprint>(
    `SELECT (SELECT coalesce(max(id), 0) FROM test_writes)::text AS write,
            (SELECT coalesce(max(global_position), 0) FROM events)::text AS "eventPosition"`,
  );
  return rows[0]!;
}

/** The watched tables written between two fingerprints, by name. */
export async function changedTables(pool: Pool, before: Fingerprint, after: Fingerprint): Promise<string[]> {
  if (before.write === after.write) return [];
  const { rows } = await pool.query<{ table_name: string }>('SELECT DISTINCT table_name FROM test_writes WHERE id > $1 AND id <= $2 ORDER BY table_name', [
    before.write,
    after.write,
  ]);
  return rows.map((r) => r.table_name);
}
