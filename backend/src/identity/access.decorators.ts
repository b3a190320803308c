import { applyDecorators, createParamDecorator, type ExecutionContext, SetMetadata } from '@nestjs/common';
import { ApiCookieAuth } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';

import type { AccessCheck, SessionUser } from './session-user';

export const ACCESS_KEY = 'escrow:access';
export const SKIP_CSRF_KEY = 'escrow:skip-csrf';

/**
 * Who may call a route: every listed check of docs/product.md#access-checks must pass. Anonymous callers of a route
 * that needs a user get 401; logged-in users who fail a check get 403.
 */
export const Access = (...checks: AccessCheck[]) =>
  applyDecorators(SetMetadata(ACCESS_KEY, checks), ...(checks.some((c) => c !== 'infoOnly') ? [ApiCookieAuth('sid')] : []));

export type RequestWithUser = FastifyRequest & { user?: SessionUser | null };

/** The session's user, or null for anonymous requests. */
export const CurrentUser = createParamDecorator((_: unknown, context: ExecutionContext): SessionUser | null => {
  return context.switchToHttp().getRequest<RequestWithUser>().user ?? null;
});
