import type { Pool } from 'pg';

import { StartupError } from '../startup-errors';

/** What the statements here need of a connection: a TypeORM query runner's query, whose rows come back as an array. */
interface Queryable {
  query(sql: string, parameters?: unknown[]): Promise<unknown>;
}

/**
 * The tables whose rows are never changed or removed: the ledger's events and the security log.
 * Their append-only triggers hold only against a login that neither owns them nor is a superuser
 * (an owner can `ALTER TABLE … DISABLE TRIGGER`), so the runtime login may only read and append.
 */
const APPEND_ONLY_TABLES = ['events', 'security_log'] as const;

/** The login named in a PostgreSQL URL. */
export interface Login {
  user: string;
  password: string | null;
}

export function loginOf(url: string): Login {
  const parsed = new URL(url);
  return { user: decodeURIComponent(parsed.username), password: parsed.password ? decodeURIComponent(parsed.password) : null };
}

const ident = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const literal = (text: string): string => `'${text.replace(/'/g, "''")}'`;

/** Error codes of a CREATE ROLE that lost a race with another process (other databases of the cluster share roles). */
const ROLE_EXISTS = new Set(['42710', '23505']);

/**
 * Creates the runtime login when it does not exist yet and the owner's login may create roles
 * (the embedded PostgreSQL's superuser, compose's): an installation then needs no step of its
 * own. Elsewhere the DBA creates it (docs/operations.md, "Database logins"). The owner becomes
 * a member of it, which lets the owner hand the read-model tables over and still migrate them.
 */
export async function ensureRuntimeLogin(owner: Queryable, runtime: Login): Promise<void> {
  const rows = (await owner.query(
    `SELECT (SELECT count(*)::int FROM pg_roles WHERE rolname = $1) AS found,
            (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
            (SELECT rolcreaterole FROM pg_roles WHERE rolname = current_user) AS createrole`,
    [runtime.user],
  )) as { found: number; superuser: boolean; createrole: boolean }[];
  const { found, superuser, createrole } = rows[0]!;
  if (found > 0) return;
  if (!superuser && !createrole) {
    throw new StartupError(
      `the database login "${runtime.user}" of DATABASE_URL does not exist, and the migration login cannot create it`,
      `Create it (CREATE ROLE ${ident(runtime.user)} LOGIN PASSWORD '…'; GRANT ${ident(runtime.user)} TO <the migration login>;), as docs/operations.md ("Database logins") shows.`,
    );
  }
  try {
    await owner.query(
      `CREATE ROLE ${ident(runtime.user)} LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS${runtime.password === null ? '' : ` PASSWORD ${literal(runtime.password)}`}`,
    );
  } catch (error) {
    if (ROLE_EXISTS.has((error as { code?: string }).code ?? '')) return;
    throw error;
  }
  // The read horizon of the health page reads every session's transaction (pg_stat_activity
  // hides other logins' without this); a superuser may grant it.
  if (superuser) await owner.query(`GRANT pg_read_all_stats TO ${ident(runtime.user)}`);
  else await owner.query(`GRANT ${ident(runtime.user)} TO CURRENT_USER WITH INHERIT TRUE, SET TRUE`);
}

/**
 * What the runtime login owns that a rebuild never makes: a function, trigger, rule, policy,
 * view or type of its own. The owner runs migrations on the read-model tables the runtime login
 * owns; anything of this kind there would run with the owner's rights (a trigger fires as
 * whoever writes the row), so its presence stops the migration, naming each object. (A rebuild
 * makes only tables, their indexes and identity sequences, copied from the live ones.)
 */
export async function refuseRuntimeTraps(owner: Queryable, runtimeRole: string): Promise<void> {
  const rows = (await owner.query(
    `WITH r AS (SELECT oid FROM pg_roles WHERE rolname = $1)
     SELECT 'function ' || p.oid::regprocedure::text AS what FROM pg_proc p, r WHERE p.proowner = r.oid
     UNION ALL SELECT 'trigger ' || t.tgname || ' on ' || c.oid::regclass::text
       FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid, r WHERE c.relowner = r.oid AND NOT t.tgisinternal
     UNION ALL SELECT 'rule ' || w.rulename || ' on ' || c.oid::regclass::text
       FROM pg_rewrite w JOIN pg_class c ON c.oid = w.ev_class, r WHERE c.relowner = r.oid AND w.rulename <> '_RETURN'
     UNION ALL SELECT 'policy ' || p.polname || ' on ' || c.oid::regclass::text
       FROM pg_policy p JOIN pg_class c ON c.oid = p.polrelid, r WHERE c.relowner = r.oid
     UNION ALL SELECT 'view ' || c.oid::regclass::text FROM pg_class c, r WHERE c.relowner = r.oid AND c.relkind IN ('v', 'm')
     UNION ALL SELECT 'operator ' || o.oid::regoperator::text FROM pg_operator o, r WHERE o.oprowner = r.oid
     UNION ALL SELECT 'type ' || t.oid::regtype::text FROM pg_type t, r
       WHERE t.typowner = r.oid AND t.typcategory <> 'A' AND (t.typrelid = 0 OR (SELECT relkind FROM pg_class WHERE oid = t.typrelid) = 'c')
     ORDER BY 1`,
    [runtimeRole],
  )) as { what: string }[];
  if (rows.length === 0) return;
  throw new StartupError(
    `the runtime database login "${runtimeRole}" owns what the application never creates: ${rows.map((r) => r.what).join(', ')}`,
    'Someone used that login for more than the application does. Find out who (its password may have leaked: change it), remove those objects as the migration login, then start again.',
  );
}

/**
 * The runtime login's rights, given by the owner after every migration (new tables included),
 * in one transaction: it reads and writes the tables it needs, only reads and appends events and
 * the security log, only reads the list of migrations, owns the read-model tables (a rebuild
 * makes fresh copies and swaps them in, from the API or the worker) and may create tables for
 * those copies. Nothing else: no other table's DDL, so no trigger of the ledger can be disabled.
 */
export async function grantRuntimeRights(owner: Queryable, runtimeRole: string, readModelTables: readonly string[]): Promise<void> {
  const role = ident(runtimeRole);
  await owner.query(`GRANT USAGE, CREATE ON SCHEMA public TO ${role}`);
  await owner.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO ${role}`);
  await owner.query(`GRANT USAGE, SELECT ON ALL SEQUENCES IN SCHEMA public TO ${role}`);
  const appendOnly = (await owner.query(`SELECT t FROM unnest($1::text[]) AS t WHERE to_regclass(t) IS NOT NULL`, [[...APPEND_ONLY_TABLES]])) as {
    t: string;
  }[];
  if (appendOnly.length > 0) {
    await owner.query(`REVOKE UPDATE, DELETE, TRUNCATE, REFERENCES, TRIGGER ON ${appendOnly.map((r) => ident(r.t)).join(', ')} FROM ${role}`);
  }
  await owner.query(`REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON schema_migrations FROM ${role}`);
  // With them the copies a crashed rebuild left behind (`jobs__rebuild`), which the next one drops.
  const handOver = (await owner.query(
    `SELECT c.relname AS name FROM pg_class c
      WHERE c.relnamespace = 'public'::regnamespace AND c.relkind = 'r'
        AND (c.relname = ANY($1) OR EXISTS (SELECT 1 FROM unnest($1::text[]) AS t WHERE c.relname LIKE t || '\\_\\_%'))
        AND c.relowner <> (SELECT oid FROM pg_roles WHERE rolname = $2)`,
    [[...readModelTables], runtimeRole],
  )) as { name: string }[];
  for (const { name } of handOver) await owner.query(`ALTER TABLE ${ident(name)} OWNER TO ${role}`);
}

/**
 * Why the login of this pool could change the ledger: a superuser, a member of the role owning
 * the events or the security log (so able to disable their triggers), or holding UPDATE, DELETE
 * or TRUNCATE on them. Empty for a login with only the rights grantRuntimeRights gives.
 */
export async function ledgerPowersOf(pool: Pool): Promise<string[]> {
  const { rows } = await pool.query<{ user: string; superuser: boolean; powers: string[] }>(
    `SELECT current_user AS user, (SELECT rolsuper FROM pg_roles WHERE rolname = current_user) AS superuser,
            coalesce(array_agg(t || ': ' || concat_ws(', ',
                CASE WHEN pg_has_role(current_user, c.relowner, 'MEMBER') THEN 'owns it (may disable its triggers)' END,
                CASE WHEN has_table_privilege(c.oid, 'UPDATE') THEN 'UPDATE' END,
                CASE WHEN has_table_privilege(c.oid, 'DELETE') THEN 'DELETE' END,
                CASE WHEN has_table_privilege(c.oid, 'TRUNCATE') THEN 'TRUNCATE' END))
              FILTER (WHERE pg_has_role(current_user, c.relowner, 'MEMBER') OR has_table_privilege(c.oid, 'UPDATE, DELETE, TRUNCATE')), '{}') AS powers
       FROM unnest($1::text[]) AS t JOIN pg_class c ON c.oid = to_regclass(t)`,
    [[...APPEND_ONLY_TABLES]],
  );
  const row = rows[0];
  if (!row) return [];
  return row.superuser ? [`${row.user} is a superuser`, ...row.powers] : row.powers;
}
