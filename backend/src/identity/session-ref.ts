import type { FastifyRequest } from 'fastify';

import { SESSION_COOKIE } from './sessions.service';
import { hashSecret } from './tokens';

/**
 * Which session acted, for the events that record who changed something (docs/design.md#changes-to-who-may-act-are-events): the first
 * 16 hex digits of the session token's hash — never the token. Null without a session cookie.
 */
export function sessionRefOf(request: FastifyRequest): string | null {
  const token = request.cookies?.[SESSION_COOKIE];
  return token ? hashSecret(token).toString('hex').slice(0, 16) : null;
}
