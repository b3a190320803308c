const CONNECTION_ERROR_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '08000',
  '08001',
  '08003',
  '08004',
  '08006', // connection exceptions
  '53300', // too_many_connections
  '40001', // serialization_failure
  '40P01', // deadlock_detected
]);

/**
 * True for failures that say nothing about the event or the code handling it (the database went
 * away, a deadlock): retry them. Anything else is a real failure of the projector.
 */
export function isTransientDatabaseError(error: unknown): boolean {
  const e = error as { code?: string; message?: string; name?: string } | null | undefined;
  if (!e) return false;
  if (e.code && CONNECTION_ERROR_CODES.has(e.code)) return true;
  // TypeORM releases a query runner whose connection the server ended; a query already on its
  // way to it then fails with this instead of the connection's own error (seen in the seeded
  // simulation when PostgreSQL terminated every connection mid-request).
  if (e.name === 'QueryRunnerAlreadyReleasedError') return true;
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|the database system is (starting up|shutting down|in recovery mode)|Client has encountered a connection error|Connection closed/i.test(
    e.message ?? '',
  );
}
