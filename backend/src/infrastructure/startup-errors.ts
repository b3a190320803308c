/**
 * A failure to start that we understand: what went wrong and what the operator can do about it.
 * `make start` prints both instead of a stack trace (or, before, "failed to start: undefined").
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
  constructor(
    readonly problem: string,
    readonly remedy: string,
  ) {
    super(`${problem}. ${remedy}`);
  }
}

interface SystemError {
  code?: string;
  syscall?: string;
  port?: number;
  address?: string;
  message?: string;
}

/** Where the process was going to listen and which database it meant, for the messages. */
export interface StartupContext {
  port: number;
  host: string;
  databaseUrl: string | null;
}

function databaseTarget(url: string | null): string {
  if (!url) return 'the embedded PostgreSQL';
  try {
    const parsed = new URL(url);
    return `PostgreSQL at ${parsed.hostname}:${parsed.port || 5432} (DATABASE_URL)`;
  } catch {
    return 'the PostgreSQL of DATABASE_URL';
  }
}

/**
 * One paragraph for the console: the cause and what to do. Errors we do not recognise keep
 * their own message (and a stack, since they are likely bugs); none ever prints as "undefined".
 */
export function describeStartupError(error: unknown, context: StartupContext | null): string {
  if (error instanceof StartupError) return `${error.problem}.\n${error.remedy}`;
  const e = (error ?? {}) as SystemError;
  if (e.code === 'EADDRINUSE' && e.syscall === 'listen') {
    const port = e.port ?? context?.port;
    return `port ${port} is already in use (another Escrow Ledger, or another program, is listening on it).\nStop it, or start this one on another port: PORT=${(port ?? 3000) + 1} make start`;
  }
  if (e.code === 'EACCES' && e.syscall === 'listen') {
    return `not allowed to listen on port ${e.port ?? context?.port} (ports below 1024 need privileges).\nChoose a port above 1024, for example PORT=3000.`;
  }
  if (e.code === 'EADDRNOTAVAIL' && e.syscall === 'listen') {
    return `cannot listen on ${e.address ?? context?.host}: this machine has no such address.\nSet HOST to one of its addresses (localhost, 0.0.0.0 for every interface).`;
  }
  const target = databaseTarget(context?.databaseUrl ?? null);
  if (e.code === 'ECONNREFUSED' || e.code === 'ENOTFOUND' || e.code === 'ETIMEDOUT' || e.code === 'EHOSTUNREACH') {
    return `cannot reach ${target}: ${e.message ?? e.code}.\nCheck that the server runs and DATABASE_URL names the right host and port, or leave DATABASE_URL unset to use the embedded PostgreSQL.`;
  }
  if (e.code === '28P01' || e.code === '28000') {
    return `${target} refused the user or password: ${e.message}.\nFix the user and password in DATABASE_URL.`;
  }
  if (e.code === '3D000') {
    return `${target}: ${e.message}.\nCreate the database (createdb) or name an existing one in DATABASE_URL.`;
  }
  if (error instanceof Error) return `${error.message}\n${error.stack?.split('\n').slice(1, 6).join('\n') ?? ''}`.trimEnd();
  return `an unknown failure without any details (${JSON.stringify(error) ?? String(error)}).\nRun again with the output above; if it repeats, report it with that output.`;
}
