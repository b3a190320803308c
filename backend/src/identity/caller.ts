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

/** The values of identity's cookies a request carries. Only the HTTP edge reads and writes cookies. */
export interface IdentityCookies {
  session: string | null;
  device: string | null;
  pendingLogin: string | null;
}

/**
 * What a login, a sign-up or a logout changed in the browser: a handler answers it, the slice's
 * controller sets it (LoginCookies). A token sets its cookie; null clears it.
 */
export interface CookieChanges {
  pendingLogin?: string | null;
  device?: string;
  session?: string | null;
}

export function callerOf(request: FastifyRequest): Caller {
  return {
    ip: request.ip,
    userAgent: String(request.headers['user-agent'] ?? ''),
    sessionId: (request as RequestWithUser).user?.sessionId ?? null,
  };
}

/** A handler's answer with the cookies it changed (a login, a sign-up, a logout). */
export interface WithCookies<T> {
  answer: T;
  cookies: CookieChanges;
}
