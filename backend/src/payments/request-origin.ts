import { createHash, randomUUID } from 'node:crypto';

import type { RequestOrigin } from '@escrow/domain';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The session cookie's name (identity's SESSION_COOKIE). */
const SESSION_COOKIE = 'sid';

/**
 * Where a request came from: the session (the first 16 hex digits of the SHA-256 of its cookie,
 * which is how the sessions table keys it: never the cookie itself), the address and the
 * browser's user agent. The address and browser are personal data: they go to the erasable
 * request_origins table (BankAccountPersonalData), the events name only the session and the row.
 */
export interface HttpOrigin {
  sessionId: string | null;
  ip: string | null;
  browser: string | null;
}

function requestOriginOf(request: FastifyRequest): HttpOrigin {
  const token = request.cookies?.[SESSION_COOKIE];
  const browser = String(request.headers['user-agent'] ?? '').slice(0, 300);
  return {
    sessionId: token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : null,
    ip: request.ip || null,
    browser: browser || null,
  };
}

/** What a command's events carry of a request: its session and a new request_origins id. */
export const eventOriginOf = (http: HttpOrigin): RequestOrigin => ({ originId: randomUUID(), sessionId: http.sessionId });

export const Origin = createParamDecorator((_data: unknown, context: ExecutionContext): HttpOrigin => requestOriginOf(context.switchToHttp().getRequest()));
