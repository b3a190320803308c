import type { FastifyRequest } from 'fastify';

import type { RequestWithUser } from './access.decorators';

/**
 * Who sent a request and from where, as plain data for identity's commands: the address its
 * rate limits count, and what the security log records. Its fields are the log's own.
 */
export interface Caller {
  ip: string;
  /** As the browser sent it; the log and the sessions table keep its first 300 characters. */
  userAgent: string;
  /** The request's session, when it carries a valid one. */
  sessionId: number | null;
}

export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    sessionId: (request as RequestWithUser).user?.sessionId ?? null,
  };
}
