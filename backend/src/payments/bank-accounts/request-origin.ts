import { createHash } from 'node:crypto';

import type { RequestOrigin } from '@escrow/domain';
import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';

/** The session cookie's name (identity's SESSION_COOKIE). */
const SESSION_COOKIE = 'sid';

/**
 * Where a request came from, as bank account events record it: the session (the first 16 hex
 * digits of the SHA-256 of its cookie, which is how the sessions table keys it: never the cookie
 * itself), the address and the browser's user agent.
 */
export function requestOriginOf(request: FastifyRequest): RequestOrigin {
  const token = request.cookies?.[SESSION_COOKIE];
  const browser = String(request.headers['user-agent'] ?? '').slice(0, 300);
  return {
    sessionId: token ? createHash('sha256').update(token).digest('hex').slice(0, 16) : null,
    ip: request.ip || null,
    browser: browser || null,
  };
}

export const Origin = createParamDecorator((_data: unknown, context: ExecutionContext): RequestOrigin => requestOriginOf(context.switchToHttp().getRequest()));
